import { useEffect, useRef, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { ContactMessageInput } from "../../domain/contact";
import type { ContactField } from "../../domain/contact-fields";
import { telHref, type PhoneNumber } from "../../domain/business";
import { formatSlot, TEST_DRIVE_MESSAGES } from "../../domain/test-drive";
import type { Vehicle } from "../../domain/vehicle";
import { ContactFields } from "../shared/ContactFields";
import { dealerUrl } from "../shared/api-base";
import { emit } from "../shared/events";
import { Heading } from "../shared/headings";
import { showResult, useShownResult } from "../shared/show-result";
import { reportSendFailure, SendFailed, type FailedSend } from "../shared/send-failed";

/**
 * The visitor's fields: the four of the contact form's (domain/contact-fields.ts) a booking needs, written here as the
 * same rows because importing that list would bring the core's schema, and zod with it, into this script (+9 kB gzip).
 * TestDrive.test.tsx checks they stay equal; their messages are the server's, from that schema.
 */
export const PERSON_FIELDS: readonly ContactField<keyof ContactMessageInput>[] = [
  { name: "firstName", label: "First Name", control: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name", control: "text", autoComplete: "family-name" },
  { name: "email", label: "Email", control: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", control: "tel", autoComplete: "tel", inputMode: "tel" },
];
const REQUIRED: ReadonlySet<string> = new Set<string>(PERSON_FIELDS.map((f) => f.name));
/** A phone as the widget shows and dials it. */
type Phone = Pick<PhoneNumber, "display" | "e164">;
type Person = Record<"firstName" | "lastName" | "email" | "phone", string>;
const NOBODY: Person = { firstName: "", lastName: "", email: "", phone: "" };

/** GET /api/test-drives/slots' answer (api/routes/test-drives.ts). */
interface Slots {
  days: string[];
  date: string;
  slots: { slot: string; time: string; free: boolean }[];
}

/** What the API said, in words: its `error`, per-field messages and, for a slot taken meanwhile, the next free one. */
interface Answer {
  ok: boolean;
  status?: number;
  body: { id?: string; mailQueued?: boolean; error?: string; code?: string; fields?: Record<string, string>; nextSlot?: string | null };
}

const NO_ANSWER = "We could not reach the dealership just now. Please try again, or call us.";

/** One JSON call to the dealership; never throws (a network failure or timeout is status undefined). */
async function call(url: string, init?: RequestInit): Promise<Answer> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 15_000);
  try {
    const res = await fetch(url, { ...init, headers: { accept: "application/json", ...init?.headers }, signal: abort.signal });
    return { ok: res.ok, status: res.status, body: ((await res.json().catch(() => null)) ?? {}) as Answer["body"] };
  } catch {
    return { ok: false, body: {} };
  } finally {
    clearTimeout(timer);
  }
}

/** Made with the first day shown: a page's first Intl formatter starts ICU, 60-120 ms of a phone's main thread (docs/benchmarks.md §4). */
let dayFormat: Intl.DateTimeFormat | undefined;
/** "Mon, Nov 30": a day as the picker shows it. */
const dayWords = (date: string) =>
  (dayFormat ??= new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" })).format(new Date(`${date}T12:00:00Z`));
/** "10 AM", "1:30 PM": a slot's time as the picker shows it. */
const timeWords = (slot: string) => formatSlot(slot).replace(/^.* at /, "");

/**
 * "Schedule Test Drive" on a vehicle. Served and without JavaScript it is a link that dials the dealership;
 * once hydrated it is a button that opens a picker: a day (open days from today, from GET /api/test-drives/slots), a
 * time (those taken or past disabled, and said so), the visitor's name, e-mail and phone, then POST /api/contact as a
 * `test-drive` lead. Booked: it says which cart, day and time, and dispatches `gc-action` "test-drive". A time another
 * visitor took meanwhile (409): it says so in words and picks the next free time for them.
 */
export function TestDrive({
  v,
  apiBase,
  host,
  level,
  source,
  line,
}: {
  v: Vehicle;
  apiBase: string;
  host: HTMLElement;
  level: number;
  source: string | null;
  line: Phone;
}) {
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setLive(true), []);
  if (!live) {
    return (
      <a className="gc-btn" href={telHref(line)} part="test-drive">
        Schedule Test Drive
      </a>
    );
  }
  return (
    <>
      <button type="button" className="gc-btn" part="test-drive" aria-expanded={open} aria-controls="gc-td" onClick={() => setOpen(!open)}>
        Schedule Test Drive
      </button>
      {open && <Picker v={v} apiBase={apiBase} host={host} level={level} source={source} line={line} onClose={() => setOpen(false)} />}
    </>
  );
}

function Picker({
  v,
  apiBase,
  host,
  level,
  source,
  line,
  onClose,
}: {
  v: Vehicle;
  apiBase: string;
  host: HTMLElement;
  level: number;
  source: string | null;
  line: Phone;
  onClose: () => void;
}) {
  const [slots, setSlots] = useState<Slots | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<FailedSend | null>(null);
  const [sending, setSending] = useState(false);
  /** The slot booked, and the address a confirmation was queued to (null when no mail is on its way). */
  const [booked, setBooked] = useState<{ slot: string; mailedTo: string | null } | null>(null);
  const person = useRef<Person>({ ...NOBODY });
  const honeypot = useRef<HTMLInputElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLElement>(null);

  /** Load a day's times (the first open day when none is given); a newer load wins over one still on its way. */
  const asked = useRef(0);
  const load = async (date?: string): Promise<Slots | null> => {
    const n = ++asked.current;
    const answer = await call(`${apiBase}/api/test-drives/slots?vehicle=${encodeURIComponent(v.id)}${date ? `&date=${date}` : ""}`);
    if (n !== asked.current) return null;
    if (!answer.ok) {
      setLoadError(answer.body.error ?? NO_ANSWER);
      return null;
    }
    setLoadError(null);
    const loaded = answer.body as unknown as Slots;
    setSlots(loaded);
    return loaded;
  };
  useEffect(() => {
    // The picker's heading takes the focus, so a screen reader starts reading at it.
    host.shadowRoot?.getElementById("gc-td-title")?.focus();
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening
  }, []);
  useShownResult(alert, notice);
  useShownResult(panel, booked);
  /** Counts the sends without a time: each one shows the times once its message is on the page. */
  const [timeMissing, setTimeMissing] = useState(0);
  useEffect(() => {
    if (!timeMissing) return;
    // The times are where it is put right: the first free one takes the focus, the message under them in view.
    // Measured after the render (the message added under them moves the page above it when the browser anchors
    // the scroll on what follows).
    const first = panel.current?.querySelector<HTMLElement>('input[name="gc-td-slot"]:not(:disabled)');
    showResult(first, first?.closest("fieldset") ?? first ?? undefined);
  }, [timeMissing]);

  const register = (name: string): UseFormRegisterReturn => ({
    name,
    onChange: async (e: { target: { value: string } }) => {
      person.current[name as keyof Person] = e.target.value;
    },
    onBlur: async () => {},
    ref: () => {},
  });

  const submit = async () => {
    if (sending) return;
    setNotice(null);
    const body = {
      ...person.current,
      interest: "sales",
      kind: "test-drive",
      vehicleId: v.id,
      message: `Test drive of the ${v.name} on ${slot ? formatSlot(slot) : "(no time picked)"}`,
      slot,
      website: honeypot.current?.value ?? "",
      ...(source && { source }),
    };
    // Only the time is checked here: the server checks the rest with the core's schema and answers each field's
    // message in words (400), which keeps zod out of this script.
    if (!slot) {
      setErrors({ slot: TEST_DRIVE_MESSAGES.slot });
      setTimeMissing((n) => n + 1);
      return;
    }
    setErrors({});
    setSending(true);
    const answer = await call(`${apiBase}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    setSending(false);
    if (answer.ok) {
      setBooked({ slot, mailedTo: answer.body.mailQueued ? person.current.email : null });
      emit(host, "gc-action", {
        widget: "gc-vehicle-detail",
        action: "test-drive",
        source,
        href: new URL(dealerUrl(apiBase, `/vehicle/${v.id}`), location.href).href,
      });
      return;
    }
    const fields = answer.body.fields ?? {};
    setErrors(Object.fromEntries(Object.entries(fields).filter(([k]) => REQUIRED.has(k) || k === "slot")));
    if (answer.status === 409) {
      // Another visitor took that time: show the day of the next free one, with it picked, taken times greyed.
      const next = answer.body.nextSlot ?? null;
      await load(next?.slice(0, 10) ?? slots?.date);
      setSlot(next);
    }
    // A field's own message is shown at it; the notice says the rest (a slot taken, a refusal, no answer).
    const failed = {
      status: answer.status,
      code: answer.body.code,
      error:
        answer.status === 400 && Object.keys(fields).some((k) => REQUIRED.has(k)) ? answer.body.error : (fields.slot ?? fields.vehicleId ?? answer.body.error),
    };
    setNotice(failed);
    reportSendFailure(host, "gc-vehicle-detail", "test drive booking", failed);
  };

  const title = (
    <Heading level={level} depth={1} id="gc-td-title" className="sub-title" tabIndex={-1}>
      {booked ? "Test drive booked" : "Book a test drive"}
    </Heading>
  );
  if (booked) {
    return (
      <section id="gc-td" className="panel td" part="test-drive-picker" aria-labelledby="gc-td-title" ref={panel}>
        {title}
        <div role="status" className="td-done" part="test-drive-booked">
          <p>
            Your test drive of the <strong>{v.name}</strong> is booked for <strong>{formatSlot(booked.slot)}</strong>.
            {booked.mailedTo && ` We have sent the details to ${booked.mailedTo}.`}
          </p>
          <p>
            We look forward to seeing you. To change or cancel it, call <a href={telHref(line)}>{line.display}</a>.
          </p>
        </div>
        <button type="button" className="gc-btn gc-btn--ghost" onClick={onClose}>
          Close
        </button>
      </section>
    );
  }
  const day = slots?.date;
  return (
    <section id="gc-td" className="panel td" part="test-drive-picker" aria-labelledby="gc-td-title" ref={panel}>
      {title}
      <form
        method="dialog"
        noValidate
        aria-labelledby="gc-td-title"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {loadError && (
          <p className="td-error" role="alert">
            {loadError} <a href={telHref(line)}>Call {line.display}</a>
          </p>
        )}
        {!slots && !loadError && <p role="status">Loading the free times…</p>}
        {slots && (
          <>
            <fieldset className="td-set">
              <legend>Day</legend>
              <div className="td-chips">
                {slots.days.map((d) => (
                  <label key={d} className="td-chip">
                    <input
                      type="radio"
                      name="gc-td-day"
                      value={d}
                      checked={d === day}
                      onChange={() => {
                        setSlot(null);
                        void load(d);
                      }}
                    />
                    <span>{dayWords(d)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className="td-set" aria-describedby={errors.slot ? "gc-td-slot-error" : undefined}>
              <legend>Time</legend>
              <div className="td-chips">
                {slots.slots.map((s) => (
                  <label key={s.slot} className="td-chip">
                    <input type="radio" name="gc-td-slot" value={s.slot} checked={s.slot === slot} disabled={!s.free} onChange={() => setSlot(s.slot)} />
                    <span>
                      {timeWords(s.slot)}
                      {!s.free && <span className="gc-visually-hidden">, not available</span>}
                    </span>
                  </label>
                ))}
              </div>
              {slots.slots.every((s) => !s.free) && <p className="td-note">No time is free on this day: please pick another.</p>}
              {errors.slot && (
                <p id="gc-td-slot-error" className="field-error">
                  {errors.slot === TEST_DRIVE_MESSAGES.slot ? "Pick a time for the test drive" : errors.slot}
                </p>
              )}
            </fieldset>
          </>
        )}
        <ContactFields
          fields={PERSON_FIELDS}
          required={REQUIRED}
          errors={Object.fromEntries(Object.entries(errors).map(([k, message]) => [k, { type: "server", message }]))}
          register={register}
        />
        <div className="hp" aria-hidden="true">
          <label htmlFor="gc-td-website">Website</label>
          <input ref={honeypot} id="gc-td-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        {notice && (
          <div className="td-error" role="alert" tabIndex={-1} ref={alert} part="test-drive-problem">
            <SendFailed what="test drive booking" failure={notice} phone={line} />
          </div>
        )}
        <div className="td-actions">
          <button type="submit" className="gc-btn" aria-disabled={sending || undefined}>
            {sending ? "Booking…" : "Book test drive"}
          </button>
          <button type="button" className="gc-btn gc-btn--ghost" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
