import { useId, useState, type FormEvent } from "react";
import type { Site } from "../../../domain/site";
import { ApiError } from "../api/client";
import { staffApi, type Origins as OriginList } from "../api/staff-api";
import { OriginSchema } from "../../../domain/origin";
import { Field } from "../components/Field";
import { Notice, showResult } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { SiteNote } from "../components/SiteNote";
import { useLiveLoad } from "../use-live-load";
import { WIDGETS } from "../../../widgets/registry";

/** The widgets that send something from a partner's page, and what: "the contact form (messages), …". */
const POSTING = WIDGETS.flatMap((w) => ("posts" in w ? [`the ${w.title.toLowerCase()} (${w.posts})`] : []));
const POSTING_TEXT = `${POSTING.slice(0, -1).join(", ")} and ${POSTING.at(-1)}`;

const message = (err: unknown) => {
  if (!(err instanceof Error)) return String(err);
  const fields = err instanceof ApiError ? Object.values(err.body.fields ?? {}) : [];
  return [err.message, ...fields].join(": ");
};

/** Owners: the partner sites whose pages may send leads through one site (the header's), changed at once. */
export function Origins({ site, switchable }: { site: Site; switchable: boolean }) {
  const [origins, setOrigins] = useState<OriginList | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const id = useId();
  const [originError, setOriginError] = useState<string | null>(null);

  useLiveLoad(
    () => staffApi.origins(site.id),
    setOrigins,
    (err) => setFailure(message(err)),
    [site.id],
  );

  const save = async (added: string[], done: string) => {
    setNotice(null);
    try {
      setOrigins(await staffApi.setOrigins(site.id, added));
      setNotice({ tone: "success", text: done });
      return true;
    } catch (err) {
      setNotice({ tone: "error", text: `Not saved: ${message(err)}` });
      return false;
    }
  };

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!origins) return;
    const form = event.currentTarget;
    const parsed = OriginSchema.safeParse(String(new FormData(form).get("origin") ?? ""));
    if (!parsed.success) {
      setOriginError(`The origin ${parsed.error.issues[0]?.message ?? "is not valid"}`);
      showResult(form.elements.namedItem("origin") as HTMLInputElement);
      return;
    }
    setOriginError(null);
    const origin = parsed.data;
    if (await save([...origins.added, origin], `${origin} may now send leads to ${site.name}.`)) form.reset();
  };

  return (
    <>
      <ScreenHeading title="Partner origins" busy={!origins && !failure} />
      <SiteNote site={site} switchable={switchable}>
        The partner origins of
      </SiteNote>
      <p>
        Partner sites whose pages may send leads through the widgets: {POSTING_TEXT}. From any other page these widgets tell the visitor they cannot send, and
        to call. A change applies at once, to this site only.
      </p>
      {failure && <Notice tone="error">Could not load the origins: {failure}</Notice>}
      {notice && (
        <Notice tone={notice.tone} result={notice}>
          {notice.text}
        </Notice>
      )}
      {origins && (
        <>
          <section aria-labelledby={`${id}-added`} className="panel">
            <h2 id={`${id}-added`}>Added here</h2>
            {origins.added.length === 0 ? (
              <p className="muted">None yet.</p>
            ) : (
              <ul className="card-list">
                {origins.added.map((o) => (
                  <li key={o} className="card-row">
                    <p className="card-row__title">{o}</p>
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      aria-label={`Remove: ${o}`}
                      onClick={() =>
                        void save(
                          origins.added.filter((x) => x !== o),
                          `${o} may no longer send leads to ${site.name}.`,
                        )
                      }
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <form onSubmit={(e) => void add(e)} className="inline-form" noValidate>
              <Field id={`${id}-origin`} label="Origin" hint="Scheme and host, e.g. https://www.example-resort.com" error={originError ?? undefined}>
                <input name="origin" type="url" autoComplete="off" />
              </Field>
              <button type="submit" className="btn btn--primary">
                Add origin
              </button>
            </form>
          </section>
          <section aria-labelledby={`${id}-startup`} className="panel">
            <h2 id={`${id}-startup`}>Set at start-up</h2>
            {origins.startup.length === 0 ? (
              <p className="muted">
                None for this site: the demo pages and ALLOWED_ORIGINS count for the first site only. The site's own pages may always send.
              </p>
            ) : (
              <>
                <p className="muted">The site itself, the demo pages and ALLOWED_ORIGINS. They change only with the server's configuration.</p>
                <ul className="plain-list">
                  {origins.startup.map((o) => (
                    <li key={o}>{o}</li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </>
      )}
    </>
  );
}
