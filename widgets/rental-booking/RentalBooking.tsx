import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { LeadSourceSchema, SOURCE_RULE } from "../../domain/contact";
import { telHref } from "../../domain/business";
import { RENTAL_PLANS, RENTAL_TERMS, isRentalPlanId, type RentalPlanId } from "../../domain/rentals";
import { rentalDeliveryRule } from "../../domain/delivery";
import { apiBaseHint, dealerUrl, resolveApiBase } from "../shared/api-base";
import type { WidgetProps } from "../shared/define-widget";
import { emit } from "../shared/events";
import { reportError, useReportedProblems } from "../shared/report";
import { reportSendFailure, SendFailed, type FailedSend } from "../shared/send-failed";
import { Heading, distinctLabel, headingLevel } from "../shared/headings";
import { useWidgetEvents, withUtm } from "../shared/analytics";
import { useWidgetContact } from "../shared/site-contact";
import {
  bookingResolver,
  earliestDay,
  emptyBooking,
  formField,
  quoteField,
  quoteInput,
  quoteOf,
  reservationBody,
  type BookingField,
  type BookingValues,
} from "./booking-form";
import { QuoteSummary, type FreeCarts } from "./QuoteSummary";
import { planTitle, UNCONFIRMED_HOLD_HOURS } from "../../domain/rental-booking";
import { useShownResult } from "../shared/show-result";
import { availability, rentalOptions, reserve, RentalAnswerError, type RentalOptions } from "./rental-api";

export const TAG = "gc-rental-booking";
const PLAN_IDS = RENTAL_PLANS.map((p) => p.id).join(", ");
/** Wait this long after the last change of the dates before asking which carts are free. */
const AVAILABILITY_DELAY_MS = 300;
/** The rental policy page, on the dealership's site. */
const POLICY_PATH = "/policies/rental-policy";

export interface RentalBookingProps {
  /** The dealership's origin; defaults to where the script came from. */
  apiBase?: string;
  /** The plan chosen at first: 4-seater (default), 6-seater or utility. */
  plan?: string;
  /** The level of the form's title, 1 to 6; default 3. */
  headingLevel?: number;
  /** A label stored with the reservation, naming the page or partner that sent it. */
  source?: string;
}

/** The plan a `plan` attribute names (case and spaces forgiven), if any. */
const planOf = (value: string | null | undefined): RentalPlanId | undefined => {
  const id = value?.trim().toLowerCase();
  return isRentalPlanId(id) ? id : undefined;
};

/**
 * `<gc-rental-booking>`: a rental request. The visitor picks the plan, the dates and pickup or delivery;
 * the core's rules (domain/rental-booking.ts) price it at once, and the API says how many carts are free; then the
 * renter's details and the two confirmations go to POST /api/rentals/reservations. No payment is taken online.
 */
export function RentalBooking({ apiBase: apiBaseAttr, plan, headingLevel: levelAttr, source, host }: RentalBookingProps & WidgetProps) {
  const apiBase = resolveApiBase(apiBaseAttr);
  const level = headingLevel(levelAttr, 3);
  const label = source?.trim() || undefined;
  const badSource = label !== undefined && !LeadSourceSchema.safeParse(label).success;
  const sourceLabel = badSource ? undefined : label;
  const phone = useWidgetContact().main;
  const [options, setOptions] = useState<RentalOptions | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [optionsFailed, setOptionsFailed] = useState(false);
  /** When the start's picker was last focused: its earliest day is worked out then, not as the page loads (ICU, decision 0007). */
  const [startFocusedAt, setStartFocusedAt] = useState<number | null>(null);
  const [free, setFree] = useState<FreeCarts>({ state: "idle" });
  const [toast, setToast] = useState<FailedSend | null>(null);
  const [booked, setBooked] = useState<{ reference: string; mailedTo: string | null } | null>(null);
  const toastRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLElement>(null);
  useShownResult(toastRef, toast);
  useShownResult(doneRef, booked);
  useWidgetEvents(host, TAG, sourceLabel, true);
  useReportedProblems(
    host,
    TAG,
    plan !== undefined && !planOf(plan) && `unknown plan "${plan}": expected one of ${PLAN_IDS}; choosing ${RENTAL_PLANS[0]!.id}`,
    badSource && `"source" ${SOURCE_RULE}, got "${label}"; sending without it`,
  );

  const resolver = useMemo(() => bookingResolver(() => optionsRef.current, sourceLabel), [sourceLabel]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    setFocus,
    getFieldState,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<BookingValues>({ resolver, defaultValues: emptyBooking(planOf(plan)) });
  const values = watch();

  // The site's towns and time zone, which pricing needs.
  const [optionsTry, setOptionsTry] = useState(0);
  useEffect(() => {
    let live = true;
    rentalOptions(apiBase).then(
      (o) => live && (setOptions(o), setOptionsFailed(false)),
      (err: unknown) => {
        if (!live) return;
        setOptionsFailed(true);
        reportError(host, TAG, `could not load the rental options: ${err instanceof Error ? err.message : String(err)}${apiBaseHint(apiBaseAttr)}`);
      },
    );
    return () => {
      live = false;
    };
  }, [apiBase, apiBaseAttr, host, optionsTry]);

  // A later plan attribute chooses again, unless the visitor already chose.
  useEffect(() => {
    const id = planOf(plan);
    if (id && !getFieldState("plan").isDirty) setValue("plan", id);
  }, [plan, getFieldState, setValue]);

  // A link to this element with a plan (the rental prices' RESERVE TODAY: "/rentals?plan=6-seater#book") chooses that plan
  // here instead of loading the page again; a page opened by such a link starts with it.
  useEffect(() => {
    const chosen = (href: string): RentalPlanId | undefined => {
      const url = new URL(href, location.href);
      return host.id && url.pathname === location.pathname && url.hash === `#${host.id}` ? planOf(url.searchParams.get("plan")) : undefined;
    };
    const start = chosen(location.href);
    if (start) setValue("plan", start, { shouldDirty: true });
    const onClick = (event: MouseEvent) => {
      const link = event.composedPath().find((el): el is HTMLAnchorElement => el instanceof HTMLAnchorElement && el.hasAttribute("href"));
      const id = link && !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey ? chosen(link.href) : undefined;
      if (!id) return;
      event.preventDefault();
      setValue("plan", id, { shouldDirty: true });
      history.replaceState(history.state, "", link!.href);
      host.scrollIntoView({ block: "start" });
      setFocus("start");
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [host, setValue, setFocus]);

  const quote = options && values.start && values.end ? quoteOf(values, options) : null;
  const problems = quote && !quote.ok ? Object.values(quote.errors).filter((m): m is string => !!m) : [];

  // Which carts are free, once the dates price (a moment after the last change).
  const freeKey = quote?.ok ? JSON.stringify(quoteInput(values)) : "";
  useEffect(() => {
    if (!freeKey) {
      setFree({ state: "idle" });
      return;
    }
    const abort = new AbortController();
    setFree({ state: "checking" });
    const input = JSON.parse(freeKey) as ReturnType<typeof quoteInput>;
    const query: Record<string, string> = { plan: input.plan, start: input.start, end: input.end, drivers: String(input.drivers) };
    if (input.delivery.kind === "delivery") Object.assign(query, { town: input.delivery.town, street: input.delivery.street });
    const timer = setTimeout(() => {
      availability(apiBase, query, abort.signal).then(
        (a) => !abort.signal.aborted && setFree({ state: "known", free: a.free, fleet: a.fleet }),
        () => !abort.signal.aborted && setFree({ state: "failed" }),
      );
    }, AVAILABILITY_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [apiBase, freeKey]);

  const onValid = async (data: BookingValues) => {
    setToast(null);
    try {
      const answer = await reserve(apiBase, reservationBody(data, sourceLabel));
      setBooked({ reference: answer.reference, mailedTo: answer.mailQueued ? data.email : null });
      emit(host, "gc-rental-requested", { reference: answer.reference, plan: data.plan, total: answer.quote.total, source: sourceLabel ?? null });
    } catch (err) {
      const failure = err instanceof RentalAnswerError ? err : new RentalAnswerError(String(err), {});
      for (const [key, message] of Object.entries(failure.fields)) setError(formField(key), { type: "server", message });
      if (failure.status === 409) {
        setError("start", { type: "server", message: failure.message });
        setFree((f) => (f.state === "known" ? { ...f, free: 0 } : f));
      }
      const failed = { status: failure.status, code: failure.code, error: failure.message };
      setToast(failed);
      reportSendFailure(host, TAG, "rental request", failed, apiBaseHint(apiBaseAttr));
    }
  };

  const policyHref = withUtm(dealerUrl(apiBase, POLICY_PATH) || POLICY_PATH, apiBase, sourceLabel);
  /** A control's wiring: its id, its error's description, and react-hook-form's handlers. */
  const control = (name: BookingField) => ({
    id: `gc-rb-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `gc-rb-${name}-error` : undefined,
    ...register(name),
  });
  /** The message under a field: the form's (after a send), else the rules' for what is typed already. */
  const liveProblem = (name: BookingField): string | undefined =>
    errors[name]?.message ?? (quote && !quote.ok && dirtyFields[name] ? quote.errors[quoteField(name)] : undefined);
  const message = (name: BookingField) => {
    const text = liveProblem(name);
    return text ? (
      <p id={`gc-rb-${name}-error`} className="field-error" part="field-error">
        {text}
      </p>
    ) : null;
  };
  const today = options && (startFocusedAt === null ? options.today : earliestDay(options, new Date(startFocusedAt)));

  if (booked)
    return (
      <section className="done" part="success" role="status" ref={doneRef} aria-label={distinctLabel(host, "Rental request sent")}>
        <Heading level={level} className="title">
          Request sent: {booked.reference}
        </Heading>
        <p>
          Thank you! Your reference is <strong>{booked.reference}</strong>.{" "}
          {booked.mailedTo
            ? `We have sent the details to ${booked.mailedTo} and will confirm your ${planTitle(values.plan)} by e-mail`
            : `We will contact you to confirm your ${planTitle(values.plan)}`}
          , usually within a few business hours. Nothing has been charged.
        </p>
        <p>
          {booked.mailedTo
            ? `Please open the link in that e-mail to confirm your address: we hold the cart for you for ${UNCONFIRMED_HOLD_HOURS} hours until you do.`
            : `We hold the cart for you for ${UNCONFIRMED_HOLD_HOURS} hours while we get in touch.`}
        </p>
        <p>
          <button type="button" className="gc-btn gc-btn--ghost" onClick={() => setBooked(null)}>
            Book another cart
          </button>
        </p>
      </section>
    );

  return (
    <form
      className="form"
      part="form"
      // method="dialog": the form the server rendered sends nothing without the script.
      method="dialog"
      noValidate
      aria-label={distinctLabel(host, "Book a rental cart")}
      onSubmit={(e) => {
        if (isSubmitting) e.preventDefault();
        else void handleSubmit(onValid)(e);
      }}
    >
      <Heading level={level} className="title">
        Book a rental cart
      </Heading>
      <p className="muted intro">Send a request with your dates: we confirm it by e-mail. No payment is taken online.</p>
      {optionsFailed && (
        <div className="notice notice--error" role="alert" part="error">
          <p>We could not load the rental calendar.{phone ? ` You can also book by phone at ${phone.display}.` : ""}</p>
          <p className="notice-actions">
            <button type="button" className="gc-btn gc-btn--ghost" onClick={() => setOptionsTry((n) => n + 1)}>
              Try again
            </button>
          </p>
        </div>
      )}
      <div className="columns">
        <fieldset className="trip">
          <legend>Your rental</legend>
          <div className="field">
            <label htmlFor="gc-rb-plan">Cart</label>
            <select {...control("plan")}>
              {RENTAL_PLANS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </div>
          <div className="pair">
            <div className="field">
              <label htmlFor="gc-rb-start">Starts</label>
              <input
                type="datetime-local"
                min={today ? `${today}T00:00` : undefined}
                step={900}
                onFocus={() => setStartFocusedAt(Date.now())}
                {...control("start")}
              />
              {message("start")}
            </div>
            <div className="field">
              <label htmlFor="gc-rb-end">Ends</label>
              <input type="datetime-local" min={values.start || undefined} step={900} {...control("end")} />
              {message("end")}
            </div>
          </div>
          <fieldset className="choice">
            <legend>Pickup or delivery</legend>
            <label className="check">
              <input type="radio" value="pickup" {...register("delivery")} /> Pick up at our shop
            </label>
            <label className="check">
              <input type="radio" value="delivery" {...register("delivery")} /> Deliver to my rental ({rentalDeliveryRule()})
            </label>
            {message("delivery")}
          </fieldset>
          {values.delivery === "delivery" && (
            <div className="pair">
              <div className="field">
                <label htmlFor="gc-rb-street">Street address</label>
                <input type="text" autoComplete="street-address" {...control("street")} />
                {message("street")}
              </div>
              <div className="field">
                <label htmlFor="gc-rb-town">Town</label>
                <select {...control("town")}>
                  <option value="">{options ? "Choose a town" : "Loading towns…"}</option>
                  {options?.towns.map((t) => (
                    <option key={t.slug} value={t.slug}>
                      {t.name}
                    </option>
                  ))}
                </select>
                {message("town")}
              </div>
            </div>
          )}
          <div className="field">
            <label htmlFor="gc-rb-drivers">Additional drivers ({`$${RENTAL_TERMS.additionalDriver} each`})</label>
            <select {...control("drivers")}>
              <option value="0">None</option>
              <option value="1">1</option>
              <option value="2">2</option>
            </select>
            {message("drivers")}
          </div>
        </fieldset>
        <QuoteSummary quote={quote?.ok ? quote.quote : null} problems={problems} free={free} phone={phone} level={level} />
      </div>
      <fieldset className="renter">
        <legend>Your details</legend>
        <div className="pair">
          <div className="field">
            <label htmlFor="gc-rb-firstName">First name</label>
            <input type="text" autoComplete="given-name" {...control("firstName")} />
            {message("firstName")}
          </div>
          <div className="field">
            <label htmlFor="gc-rb-lastName">Last name</label>
            <input type="text" autoComplete="family-name" {...control("lastName")} />
            {message("lastName")}
          </div>
          <div className="field">
            <label htmlFor="gc-rb-email">Email</label>
            <input type="email" autoComplete="email" {...control("email")} />
            {message("email")}
          </div>
          <div className="field">
            <label htmlFor="gc-rb-phone">Phone</label>
            <input type="tel" autoComplete="tel" inputMode="tel" {...control("phone")} />
            {message("phone")}
          </div>
        </div>
        <label className="check">
          <input type="checkbox" {...control("adult")} /> I am {RENTAL_TERMS.minimumAge} or older with a valid driver's licence
        </label>
        {message("adult")}
        <label className="check">
          <input type="checkbox" {...control("agreement")} />
          <span>
            I accept the{" "}
            <a href={policyHref} target="_blank" rel="noopener">
              rental agreement
            </a>
          </span>
        </label>
        {message("agreement")}
      </fieldset>
      {toast && (
        <div className="toast" role="alert" part="toast" ref={toastRef}>
          <SendFailed what="rental request" failure={toast} phone={phone} />
        </div>
      )}
      <p className="actions">
        <button type="submit" className="gc-btn submit" part="submit" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? "Sending..." : "Request this rental"}
        </button>
        {phone && (
          <span className="muted">
            or call <a href={telHref(phone)}>{phone.display}</a>
          </span>
        )}
      </p>
    </form>
  );
}
