import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  TRADE_IN_CONDITION_LABELS,
  TRADE_IN_CONDITIONS,
  TRADE_IN_MESSAGES,
  TRADE_IN_PHOTO_FIELD,
  TRADE_IN_PHOTO_MAX_BYTES,
  TRADE_IN_PHOTOS_MAX,
  TRADE_IN_YEAR_MIN,
  tradeInYearMax,
} from "../../domain/trade-in-fields";
import type { Vehicle } from "../../domain/vehicle";
import { dealerUrl } from "../shared/api-base";
import { emit } from "../shared/events";
import { useWidgetContact } from "../shared/site-contact";
import { showResult, useShownResult } from "../shared/show-result";
import { reportSendFailure, SendFailed, type FailedSend } from "../shared/send-failed";

/** Photos the browser can preview and the server takes (it checks each by its content). */
const ACCEPT = "image/jpeg,image/png,image/webp";
const TIMEOUT_MS = 60_000;

type Field = [name: string, label: string, extra?: { inputMode?: "numeric"; autoComplete?: string; type?: string; optional?: boolean }];
const CART_FIELDS: Field[] = [
  ["year", "Year", { inputMode: "numeric" }],
  ["make", "Make"],
  ["model", "Model"],
];
const CONTACT_FIELDS: Field[] = [
  ["firstName", "First name", { autoComplete: "given-name" }],
  ["lastName", "Last name", { autoComplete: "family-name" }],
  ["email", "E-mail", { autoComplete: "email", type: "email" }],
  ["phone", "Phone", { autoComplete: "tel", type: "tel" }],
];

/** A photo's preview, drawn on a canvas from the file's decoded bitmap: no blob: or data: URL, so it shows under any CSP. */
function Preview({ file }: { file: File }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    createImageBitmap(file).then(
      (bitmap) => {
        const c = canvas.current;
        const ctx = live && c?.getContext("2d");
        if (ctx && c) {
          // Cover the square: the middle of the photo, upright (the bitmap follows its EXIF orientation).
          const side = Math.min(bitmap.width, bitmap.height);
          ctx.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, c.width, c.height);
        }
        bitmap.close();
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [file]);
  return failed ? <span className="ti-nopreview">No preview</span> : <canvas ref={canvas} width={192} height={192} aria-hidden="true" />;
}

/**
 * "Trade-in" on a vehicle page: a button that opens a form for the visitor's own cart (year, make, model, condition,
 * hours or miles, up to 4 photos with previews) and their contact details, sent as one multipart POST to
 * /api/contact/trade-in with this vehicle named. Messages come from the server in words, under their fields. Once sent,
 * `gc-action` says "trade-in".
 */
export function TradeIn({ v, apiBase, host, source }: { v: Vehicle; apiBase: string; host: HTMLElement; source: string | null }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<"editing" | "sending" | "sent">("editing");
  const [problem, setProblem] = useState<FailedSend | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  useShownResult(sentRef, state === "sent");
  // A problem with a field of its own takes the visitor to that field; one without, to its message.
  useEffect(() => {
    if (!problem) return;
    const first = Object.keys(errors)[0];
    const field = first ? form.current?.querySelector<HTMLElement>(first === "photos" ? "#gc-ti-photos" : `[name="${first}"]`) : null;
    showResult(field ?? problemRef.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per problem, with the errors that came with it
  }, [problem]);
  const { main } = useWidgetContact();
  const yearMax = tradeInYearMax();

  // The form is made when first opened, not with the page: a closed dialog costs the page nothing to render or hydrate.
  const [openings, setOpenings] = useState(0);
  useEffect(() => {
    const d = dialog.current;
    if (openings && d && !d.open) d.showModal?.();
  }, [openings]);
  const open = () => setOpenings((n) => n + 1);
  const close = () => dialog.current?.close();

  const addPhotos = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    const fitting = chosen.filter((f) => f.size <= TRADE_IN_PHOTO_MAX_BYTES);
    const room = TRADE_IN_PHOTOS_MAX - photos.length;
    const next = [...photos, ...fitting.slice(0, Math.max(0, room))];
    setPhotos(next);
    const tooBig = chosen.length > fitting.length;
    const tooMany = fitting.length > room;
    setErrors(({ photos: _old, ...rest }) =>
      tooBig || tooMany
        ? { ...rest, photos: tooBig ? TRADE_IN_MESSAGES.photoSize : `${TRADE_IN_MESSAGES.photos}: the first ${TRADE_IN_PHOTOS_MAX} are kept` }
        : rest,
    );
  };

  const send = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (state === "sending") return;
    const body = new FormData(e.currentTarget);
    body.set("vehicleId", v.id);
    if (source) body.set("source", source);
    for (const p of photos) body.append(TRADE_IN_PHOTO_FIELD, p, p.name);
    setState("sending");
    setProblem(null);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
    try {
      const res = await fetch(`${apiBase}/api/contact/trade-in`, { method: "POST", body, headers: { accept: "application/json" }, signal: abort.signal });
      const answer = (await res.json().catch(() => ({}))) as { error?: string; code?: string; fields?: Record<string, string> };
      if (res.ok) {
        setState("sent");
        setErrors({});
        emit(host, "gc-action", {
          widget: "gc-vehicle-detail",
          action: "trade-in",
          source,
          href: new URL(dealerUrl(apiBase, `/vehicle/${v.id}`), location.href).href,
        });
        return;
      }
      setState("editing");
      setErrors(answer.fields ?? {});
      const failed = { status: res.status, code: answer.code, error: answer.error };
      setProblem(failed);
      reportSendFailure(host, "gc-vehicle-detail", "trade-in", failed);
    } catch {
      setState("editing");
      setProblem({});
      reportSendFailure(host, "gc-vehicle-detail", "trade-in", {});
    } finally {
      clearTimeout(timer);
    }
  };

  const described = (name: string) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `gc-ti-${name}-error` } : {});
  const error = (name: string) =>
    errors[name] ? (
      <span className="ti-error" id={`gc-ti-${name}-error`}>
        {errors[name]}
      </span>
    ) : null;
  const input = ([name, label, extra = {}]: Field) => (
    <label className="ti-field" key={name}>
      <span>{label}</span>
      <input
        name={name}
        type={extra.type ?? "text"}
        inputMode={extra.inputMode}
        autoComplete={extra.autoComplete ?? "off"}
        {...(name === "year" && { maxLength: 4, placeholder: `${TRADE_IN_YEAR_MIN}–${yearMax}` })}
        {...described(name)}
      />
      {error(name)}
    </label>
  );

  return (
    <>
      <button type="button" className="gc-btn gc-btn--ghost" part="trade-in" aria-haspopup="dialog" onClick={open}>
        Trade-in
      </button>
      <dialog ref={dialog} className="ti-dialog" part="trade-in-dialog" aria-labelledby="gc-ti-title">
        <div className="ti-head">
          <h2 id="gc-ti-title" className="ti-title">
            Trade in your cart
          </h2>
          <button type="button" className="ti-close" aria-label="Close" onClick={close}>
            ×
          </button>
        </div>
        {!openings ? null : state === "sent" ? (
          <div className="ti-sent" role="status" ref={sentRef}>
            <p>
              <strong>Thank you: your trade-in is with our sales team.</strong>
            </p>
            <p>We will reply with an offer toward the {v.name}, usually within one business day.</p>
            <button type="button" className="gc-btn" onClick={close}>
              Close
            </button>
          </div>
        ) : (
          <form ref={form} className="ti-form" noValidate onSubmit={send} aria-busy={state === "sending"}>
            <p className="ti-about">Toward: {v.name}</p>
            <fieldset>
              <legend>Your cart</legend>
              <div className="ti-grid">
                {CART_FIELDS.map(input)}
                <label className="ti-field">
                  <span>Condition</span>
                  <select name="condition" defaultValue="" {...described("condition")}>
                    <option value="" disabled>
                      Choose…
                    </option>
                    {TRADE_IN_CONDITIONS.map((c) => (
                      <option key={c} value={c}>
                        {TRADE_IN_CONDITION_LABELS[c]}
                      </option>
                    ))}
                  </select>
                  {error("condition")}
                </label>
                <div className="ti-field ti-usage">
                  <label htmlFor="gc-ti-usage">Hours or miles</label>
                  <div className="ti-usage-row">
                    <input id="gc-ti-usage" name="usage" inputMode="numeric" autoComplete="off" {...described("usage")} />
                    <select name="usageUnit" aria-label="Unit">
                      <option value="hours">hours</option>
                      <option value="miles">miles</option>
                    </select>
                  </div>
                  {error("usage")}
                </div>
              </div>
            </fieldset>
            <fieldset>
              <legend>Photos (up to {TRADE_IN_PHOTOS_MAX})</legend>
              <p className="ti-hint">JPEG, PNG or WebP, up to 10 MB each. Only our staff see them; we remove the location and camera data.</p>
              <ul className="ti-photos" aria-label="Chosen photos">
                {photos.map((p, i) => (
                  <li key={`${p.name}-${i}-${p.size}`}>
                    <Preview file={p} />
                    <span className="ti-photo-name">{p.name}</span>
                    <button type="button" className="ti-remove" onClick={() => setPhotos(photos.filter((_, j) => j !== i))}>
                      Remove<span className="gc-visually-hidden"> {p.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
              {photos.length < TRADE_IN_PHOTOS_MAX && (
                <label className="gc-btn gc-btn--ghost ti-add">
                  Add photos
                  <input
                    id="gc-ti-photos"
                    className="gc-visually-hidden"
                    type="file"
                    accept={ACCEPT}
                    multiple
                    {...described("photos")}
                    onChange={(e) => {
                      addPhotos(e.currentTarget.files);
                      e.currentTarget.value = "";
                    }}
                  />
                </label>
              )}
              {error("photos")}
            </fieldset>
            <fieldset>
              <legend>How we reach you</legend>
              <div className="ti-grid">{CONTACT_FIELDS.map(input)}</div>
              <label className="ti-field ti-notes">
                <span>Anything else (optional)</span>
                <textarea name="notes" rows={3} {...described("notes")} />
                {error("notes")}
              </label>
            </fieldset>
            <div className="gc-visually-hidden" aria-hidden="true">
              <label>
                Website <input name="website" tabIndex={-1} autoComplete="off" />
              </label>
            </div>
            {problem && (
              <div className="ti-problem" role="alert" ref={problemRef}>
                <SendFailed what="trade-in" failure={problem} phone={main} />
              </div>
            )}
            <button type="submit" className="gc-btn ti-send" disabled={state === "sending"}>
              {state === "sending" ? "Sending…" : "Send trade-in"}
            </button>
          </form>
        )}
      </dialog>
    </>
  );
}
