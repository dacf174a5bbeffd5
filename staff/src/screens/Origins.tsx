import { useId, useState, type FormEvent } from "react";
import { ApiError } from "../api/client";
import { staffApi, type Origins as OriginList } from "../api/staff-api";
import { OriginSchema } from "../../../domain/origin";
import { Field } from "../components/Field";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { useLiveLoad } from "../use-live-load";

const message = (err: unknown) => {
  if (!(err instanceof Error)) return String(err);
  const fields = err instanceof ApiError ? Object.values(err.body.fields ?? {}) : [];
  return [err.message, ...fields].join(": ");
};

/** Owners: the partner sites whose pages may send leads, changed at once. */
export function Origins() {
  const [origins, setOrigins] = useState<OriginList | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const id = useId();
  const [originError, setOriginError] = useState<string | null>(null);

  useLiveLoad(
    () => staffApi.origins(),
    setOrigins,
    (err) => setFailure(message(err)),
    [],
  );

  const save = async (added: string[], done: string) => {
    setNotice(null);
    try {
      setOrigins(await staffApi.setOrigins(added));
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
      return;
    }
    setOriginError(null);
    const origin = parsed.data;
    if (await save([...origins.added, origin], `${origin} may now send leads.`)) form.reset();
  };

  return (
    <>
      <ScreenHeading title="Partner origins" busy={!origins && !failure} />
      <p>Partner sites whose pages may send leads through the contact form. A change applies at once.</p>
      {failure && <Notice tone="error">Could not load the origins: {failure}</Notice>}
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
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
                          `${o} may no longer send leads.`,
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
            <p className="muted">The site itself, the demo pages and ALLOWED_ORIGINS. They change only with the server's configuration.</p>
            <ul className="plain-list">
              {origins.startup.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          </section>
        </>
      )}
    </>
  );
}
