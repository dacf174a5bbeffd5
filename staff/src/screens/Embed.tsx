import { useEffect, useId, useMemo, useRef, useState } from "react";
import { LeadSourceSchema } from "../../../domain/contact";
import { MILES_PER_WEEK_MAX, MILES_PER_WEEK_MIN } from "../../../domain/eco-calculator";
import type { Vehicle } from "../../../domain/vehicle";
import { primaryDomain, type Site } from "../../../domain/site";
import { embedSnippet, reserveRule, type EmbedAttributes } from "../../../widgets/embed-snippet";
import type { Integrity } from "../../../domain/widget-integrity";
import { ALL_IN_ONE, WIDGETS, type WidgetAttribute } from "../../../widgets/registry";
import { staffApi } from "../api/staff-api";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { SiteNote } from "../components/SiteNote";
import { BASE, Link } from "../router";
import "../leads.css";
import { errorMessage } from "../error-message";
import { useLiveLoad } from "../use-live-load";

type Widget = (typeof WIDGETS)[number];
type Values = Record<string, string | boolean>;

/** Attributes the page sets: every one of the registry's but api-base, which defaults to the script's own origin. */
const editable = (w: Widget): readonly WidgetAttribute[] => w.attributes.filter((a) => a.name !== "api-base");

/** The example values the page starts from for each widget, so its first snippet already does something. */
const STARTING_VALUES: Partial<Record<Widget["tag"], Values>> = {
  "gc-contact-form": { source: "landing-page", redirect: "stay" },
};

/** The redirect attribute's three meanings, as a choice. */
const REDIRECTS = [
  { value: "default", label: "The dealership's thank-you page (default)" },
  { value: "stay", label: 'Stay on the page, show a message ("")' },
  { value: "url", label: "Another page (a path or http(s) URL)" },
] as const;

/** The element's attributes from the form, leaving out defaults and values that would not work (returned as errors). */
function attributesOf(w: Widget, values: Values): { attributes: EmbedAttributes; errors: Record<string, string> } {
  const attributes: Record<string, string | true | undefined> = {};
  const errors: Record<string, string> = {};
  for (const a of editable(w)) {
    const v = values[a.name];
    if (a.name === "redirect") {
      if (v === "stay") attributes.redirect = "";
      else if (v === "url") {
        const url = String(values["redirect-url"] ?? "").trim();
        if (/^(\/(?!\/)|https?:\/\/)/.test(url)) attributes.redirect = url;
        else errors.redirect = "Give a path such as /thanks or an http(s) URL";
      }
      continue;
    }
    if (a.type === "boolean") {
      if (v === true) attributes[a.name] = true;
      continue;
    }
    const text = typeof v === "string" ? v.trim() : "";
    if (!text) continue;
    if (a.name === "source") {
      const parsed = LeadSourceSchema.safeParse(text);
      if (!parsed.success) {
        errors.source = "Letters, digits, spaces and . : / @ _ - only, at most 100";
        continue;
      }
    }
    if (a.name === "miles") {
      const n = Number(text);
      if (!Number.isInteger(n) || n < MILES_PER_WEEK_MIN || n > MILES_PER_WEEK_MAX) {
        errors.miles = `A whole number from ${MILES_PER_WEEK_MIN} to ${MILES_PER_WEEK_MAX}`;
        continue;
      }
    }
    if (a.name === "limit" && !(Number.isInteger(Number(text)) && Number(text) >= 1)) {
      errors.limit = "A whole number, 1 or more";
      continue;
    }
    attributes[a.name] = text;
  }
  return { attributes, errors };
}

/**
 * Where a site's partners load the scripts from: this console's origin when it is served as that site, else the site's
 * primary domain on this console's scheme and port (one deployment serves every site alike).
 */
const siteOrigin = (site: Site): string =>
  site.domains.includes(location.hostname) ? location.origin : `${location.protocol}//${primaryDomain(site)}${location.port ? `:${location.port}` : ""}`;

/** Scripts this page has loaded, so each is added once (the scripts' guarded define makes a second copy harmless anyway). */
const loaded = new Map<string, Promise<void>>();
function loadScript(name: string): Promise<void> {
  let promise = loaded.get(name);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = `/widgets/${name}.js`;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`/widgets/${name}.js did not load`));
      document.head.append(script);
    });
    loaded.set(name, promise);
  }
  return promise;
}

/** Choose a widget and its attributes, see it live, and copy the snippet docs/partners/embed.md documents, for one site (the header's). */
export function Embed({ owner, site, switchable }: { owner: boolean; site: Site; switchable: boolean }) {
  const id = useId();
  const [tag, setTag] = useState<Widget["tag"]>("gc-contact-form");
  const [allInOne, setAllInOne] = useState(false);
  const [pin, setPin] = useState(false);
  const [strictCsp, setStrictCsp] = useState(false);
  const [release, setRelease] = useState<Integrity | null>(null);
  const [values, setValues] = useState<Record<string, Values>>(() => ({ ...STARTING_VALUES }));
  const [vehicles, setVehicles] = useState<Vehicle[]>([]);
  const [copied, setCopied] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const preview = useRef<HTMLDivElement>(null);
  const code = useRef<HTMLElement>(null);

  // The pinned scripts' SRI values of the site the snippet is for (the header's).
  useLiveLoad(
    () => staffApi.siteWidgets(site.id),
    setRelease,
    // Without its pinned release the snippet is still right, only unpinned.
    () => undefined,
    [site.id],
  );

  useLiveLoad(
    () => staffApi.vehicles(),
    (list) => setVehicles(list.filter((v) => v.status !== "sold")),
    () => undefined,
    [],
  );

  const widget = WIDGETS.find((w) => w.tag === tag)!;
  const current = values[tag] ?? {};
  const setValue = (name: string, value: string | boolean) => setValues((all) => ({ ...all, [tag]: { ...all[tag], [name]: value } }));
  const brands = useMemo(() => [...new Set(vehicles.map((v) => v.brand.toLowerCase()))].sort(), [vehicles]);
  // A vehicle's page needs a vehicle: the first one listed until another is chosen.
  const withRequired: Values = tag === "gc-vehicle-detail" && !current["vehicle-id"] && vehicles[0] ? { ...current, "vehicle-id": vehicles[0].id } : current;
  const { attributes, errors } = attributesOf(widget, withRequired);
  const script = allInOne ? ALL_IN_ONE.script : widget.script;
  const integrity = pin ? release?.files[`${script}.js`] : undefined;
  const snippet = embedSnippet(siteOrigin(site), script, [{ tag, attributes }], {
    pinned: release && integrity ? { version: release.version, integrity } : undefined,
    phone: site.phones.main,
    strictCsp,
  });
  const rule = strictCsp ? reserveRule({ tag, attributes }) : null;
  const attributesKey = JSON.stringify(attributes);

  // The live preview: the same element, made afresh whenever an attribute changes, after its script has loaded.
  useEffect(() => {
    let live = true;
    setPreviewError(null);
    loadScript(script).then(
      () => {
        const box = preview.current;
        if (!live || !box) return;
        const element = document.createElement(tag);
        for (const [name, value] of Object.entries(JSON.parse(attributesKey) as Record<string, string | true>))
          element.setAttribute(name, value === true ? "" : value);
        box.replaceChildren(element);
      },
      (err: unknown) => live && setPreviewError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [tag, script, attributesKey]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied({ tone: "success", text: "Snippet copied. Paste it into the partner's page." });
    } catch {
      const range = document.createRange();
      if (code.current) range.selectNodeContents(code.current);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      setCopied({ tone: "error", text: "The browser did not let the page copy: the snippet is selected, press Ctrl+C (⌘C on a Mac)." });
    }
  };

  return (
    <>
      <ScreenHeading title="Embed a widget" />
      <SiteNote site={site} switchable={switchable}>
        Snippets for
      </SiteNote>
      <p className="embed__intro">
        Choose a widget and its settings, check it in the preview, then copy the snippet into the partner's or landing page's HTML. The snippet loads the widget
        from {site.name}, so the page shows that site's inventory, phone and links, and sends leads to it.
      </p>
      <div className="embed">
        <form className="embed__form" onSubmit={(e) => e.preventDefault()} aria-label="Widget and settings">
          <fieldset>
            <legend>Widget</legend>
            <div className="embed__widgets">
              {WIDGETS.map((w) => (
                <div key={w.tag} className="embed__widget">
                  <input
                    type="radio"
                    id={`${id}-${w.tag}`}
                    name={`${id}-widget`}
                    value={w.tag}
                    checked={w.tag === tag}
                    onChange={() => {
                      setTag(w.tag);
                      setCopied(null);
                    }}
                  />
                  <label htmlFor={`${id}-${w.tag}`}>
                    <code>{`<${w.tag}>`}</code>
                    <span className="muted">{w.description}</span>
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend>Settings</legend>
            {editable(widget).map((a) => (
              <AttributeField
                key={`${tag}-${a.name}`}
                id={`${id}-${tag}-${a.name}`}
                attribute={a}
                value={withRequired[a.name]}
                url={String(current["redirect-url"] ?? "")}
                error={errors[a.name]}
                brands={brands}
                vehicles={vehicles}
                onChange={(v) => setValue(a.name, v)}
                onUrl={(v) => setValue("redirect-url", v)}
              />
            ))}
            <div className="field field--check">
              <input id={`${id}-all`} type="checkbox" checked={allInOne} onChange={(e) => setAllInOne(e.target.checked)} />
              <label htmlFor={`${id}-all`}>Load every widget ({ALL_IN_ONE.script}.js), for a page that shows several</label>
            </div>
            <div className="field field--check">
              <input id={`${id}-csp`} type="checkbox" checked={strictCsp} onChange={(e) => setStrictCsp(e.target.checked)} />
              <label htmlFor={`${id}-csp`}>
                The page has a strict Content-Security-Policy (no inline styles): keep the widget's room with a rule for the page's stylesheet instead of a
                style attribute
              </label>
            </div>
            {release && (
              <div className="field field--check">
                <input id={`${id}-pin`} type="checkbox" checked={pin} onChange={(e) => setPin(e.target.checked)} />
                <label htmlFor={`${id}-pin`}>
                  Pin release {release.version} with Subresource Integrity: the page keeps this version until its developer changes the snippet
                </label>
              </div>
            )}
          </fieldset>
        </form>

        <div className="embed__out">
          <section className="embed__snippet" aria-labelledby={`${id}-snippet`}>
            <h2 id={`${id}-snippet`}>Snippet</h2>
            <pre className="snippet" tabIndex={0} aria-label="Snippet to paste">
              <code ref={code}>{snippet}</code>
            </pre>
            <p className="actions">
              <button type="button" className="btn btn--primary" onClick={() => void copy()}>
                Copy snippet
              </button>
            </p>
            {copied && <Notice tone={copied.tone}>{copied.text}</Notice>}
            {rule && (
              <>
                <h3 id={`${id}-rule`}>For the page's stylesheet</h3>
                <p className="muted">The room the widget keeps until it has loaded, so that nothing below it moves.</p>
                <pre className="snippet" tabIndex={0} aria-labelledby={`${id}-rule`}>
                  <code>{rule}</code>
                </pre>
              </>
            )}
            {"posts" in widget && (
              <Notice tone="info">
                <strong>Before the widget can send {widget.posts}</strong> from the partner's page, its origin (such as <code>https://www.partner.example</code>
                ) must be allowed for {site.name}:{" "}
                {owner ? (
                  <>
                    add it on <Link href={`${BASE}/origins`}>Partner origins</Link> with this site chosen
                  </>
                ) : (
                  <>ask an owner to add it on the Partner origins page</>
                )}{" "}
                (for the first site, <code>ALLOWED_ORIGINS</code> on the server counts too). Until then the widget tells the partner's visitors that it cannot
                send from that page, and to call.
              </Notice>
            )}
          </section>
          <section className="embed__preview" aria-labelledby={`${id}-preview`}>
            <h2 id={`${id}-preview`}>Live preview</h2>
            {"posts" in widget && <p className="muted">What the preview sends ({widget.posts}) reaches the dealership for real.</p>}
            {previewError && <Notice tone="error">The preview could not load: {previewError}</Notice>}
            <div className="embed__stage" ref={preview} data-testid="embed-preview" />
          </section>
        </div>
      </div>
    </>
  );
}

interface AttributeFieldProps {
  id: string;
  attribute: WidgetAttribute;
  value: string | boolean | undefined;
  url: string;
  error?: string;
  brands: string[];
  vehicles: Vehicle[];
  onChange: (value: string | boolean) => void;
  onUrl: (value: string) => void;
}

/** One attribute's control: its allowed values as a choice, a tick for a valueless one, else a typed field. */
function AttributeField({ id, attribute: a, value, url, error, brands, vehicles, onChange, onUrl }: AttributeFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hintId, error ? errorId : null].filter(Boolean).join(" ");
  const text = typeof value === "string" ? value : "";
  const hint = (
    <p id={hintId} className="field-hint">
      {a.description}
      {a.default && !a.description.includes("Default") ? ` Default: ${a.default}.` : ""}
    </p>
  );
  const problem = error && (
    <p id={errorId} className="field-error">
      {error}
    </p>
  );
  if (a.type === "boolean") {
    return (
      <div className="field field--check embed__check">
        <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} aria-describedby={hintId} />
        <label htmlFor={id}>
          <code>{a.name}</code>
        </label>
        {hint}
      </div>
    );
  }
  let control;
  const common = { id, "aria-describedby": described, "aria-invalid": error ? true : undefined };
  if (a.name === "redirect") {
    const choice = text || "default";
    return (
      <div className={`field${error ? " field--invalid" : ""}`}>
        <label htmlFor={id}>
          <code>redirect</code>: after sending
        </label>
        {hint}
        <select {...common} value={choice} onChange={(e) => onChange(e.target.value)}>
          {REDIRECTS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
        {choice === "url" && (
          <input aria-label="Page to go to after sending" type="text" value={url} placeholder="/thanks or https://…" onChange={(e) => onUrl(e.target.value)} />
        )}
        {problem}
      </div>
    );
  }
  const options: { value: string; label: string }[] | null = a.values
    ? a.values.map((v) => ({ value: String(v), label: String(v) }))
    : a.name === "brand"
      ? brands.map((b) => ({ value: b, label: b }))
      : a.name === "vehicle-id"
        ? vehicles.map((v) => ({ value: v.id, label: `${v.name} (${v.id})` }))
        : null;
  if (options) {
    control = (
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        {!a.required && <option value="">{a.default ? `Default (${a.default})` : a.name === "vehicle-id" ? "None (not set)" : "Any (not set)"}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (a.type === "number") {
    const range = a.name === "miles" ? { min: MILES_PER_WEEK_MIN, max: MILES_PER_WEEK_MAX } : { min: 1 };
    control = (
      <input
        {...common}
        type="number"
        inputMode="numeric"
        step={1}
        {...range}
        value={text}
        placeholder={a.default ?? ""}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else {
    control = <input {...common} type="text" value={text} maxLength={a.name === "source" ? 100 : undefined} onChange={(e) => onChange(e.target.value)} />;
  }
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id}>
        <code>{a.name}</code>
      </label>
      {hint}
      {control}
      {problem}
    </div>
  );
}
