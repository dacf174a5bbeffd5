import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import {
  ContactMessageSchema,
  INTERESTS,
  LeadSourceSchema,
  SOURCE_RULE,
  type ContactMessage,
  type ContactMessageInput,
  type Interest,
} from "../../domain/contact";
import { CONTACT_FIELDS, fieldDefaults, requiredFields } from "../../domain/contact-fields";
import { apiBaseHint, resolveApiBase } from "../shared/api-base";
import type { WidgetProps } from "../shared/define-widget";
import { emit } from "../shared/events";
import { reportError, useReportedProblems } from "../shared/report";
import { reportSendFailure, SendFailed, type FailedSend } from "../shared/send-failed";
import { distinctLabel } from "../shared/headings";
import { useWidgetEvents } from "../shared/analytics";
import { SCRIPT_CONTACT } from "../shared/script-contact";
import { ContactFields } from "../shared/ContactFields";
import { useCart } from "./cart";
import { vehicleLabel } from "../../domain/vehicle-label";
import type { Vehicle } from "../../domain/vehicle";
import { afterSend, navigation } from "./redirect";
import { describeSendFailure, sendLead } from "./send-lead";
import { useShownResult } from "../shared/show-result";
import { schemaResolver } from "../shared/schema-resolver";

const TAG = "gc-contact-form";
/** The phone a failed send offers: the site's that served the script (a toast is only ever shown in the browser). */
const phone = SCRIPT_CONTACT?.main;

export interface ContactFormProps {
  /** The dealership's origin; defaults to where the script came from. */
  apiBase?: string;
  /** The interest chosen at first: sales (default), service, parts or general. */
  interest?: string;
  /** A label stored with the lead, naming the page or partner that sent it. */
  source?: string;
  /** The catalogue id of the cart the message is about: the form names it and sends a quote request for it. */
  vehicleId?: string;
}

/** The server's render only (host-site/components/ServedWidget.tsx): the cart `vehicleId` names, which the page also carries as a data block. */
interface ServedProps {
  servedVehicle?: Vehicle;
}

type Field = keyof ContactMessageInput;
const isInterest = (v: string | undefined): v is Interest => INTERESTS.includes(v as Interest);
const isField = (k: string): k is Field => CONTACT_FIELDS.some((f) => f.name === k);
/** Which fields are required and what a new form holds: the schema's, for the fields the form shows. */
const REQUIRED = requiredFields(ContactMessageSchema.shape, CONTACT_FIELDS);
const DEFAULTS = fieldDefaults(ContactMessageSchema.shape, CONTACT_FIELDS);

/** What the error toast says: a failed send (in the words every widget uses), or a text of its own. */
type Toast = { failure: FailedSend } | { text: string };

/** The toast when the cart the form named left the inventory before the message was sent. */
export const CART_GONE = "That cart is no longer in our inventory. Your message is still here: press Send Message to send it without the cart.";

/**
 * `<gc-contact-form>`: the contact form (spec §5: its fields and their messages) posting a lead to the dealership (§4:
 * "Sending..." while it sends, then the thank-you page or an error toast; §7: POST /api/contact; §8: the toast's text).
 */
export function ContactForm({ apiBase: apiBaseAttr, interest, source, vehicleId, servedVehicle, host }: ContactFormProps & WidgetProps & ServedProps) {
  const apiBase = resolveApiBase(apiBaseAttr);
  const label = source?.trim() || undefined;
  const badSource = label !== undefined && !LeadSourceSchema.safeParse(label).success;
  const badInterest = interest !== undefined && !isInterest(interest);
  useWidgetEvents(host, TAG, badSource ? undefined : label, true);
  const defaults = { ...DEFAULTS, ...(isInterest(interest) ? { interest } : {}) } as ContactMessageInput;
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    getFieldState,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({ resolver: schemaResolver(ContactMessageSchema), defaultValues: defaults });
  const honeypot = useRef<HTMLInputElement>(null);
  const [toast, setToast] = useState<Toast | null>(null);
  const [sent, setSent] = useState(false);
  const toastRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  useShownResult(toastRef, toast);
  useShownResult(successRef, sent);
  const [about, notAbout] = useCart(apiBase, vehicleId, servedVehicle);
  const cart = about.status === "known" ? about.cart : undefined;

  useReportedProblems(
    host,
    TAG,
    badSource && `"source" ${SOURCE_RULE}, got "${label}"; sending without it`,
    badInterest && `"interest" must be one of ${INTERESTS.join(", ")}, got "${interest}"`,
    about.status === "none" && about.problem,
  );
  // A later interest attribute chooses again, unless the visitor already chose.
  useEffect(() => {
    if (isInterest(interest) && !getFieldState("interest").isDirty) resetField("interest", { defaultValue: interest });
  }, [interest, getFieldState, resetField]);

  const onValid = async (data: ContactMessage) => {
    setToast(null);
    setSent(false);
    let id: string;
    try {
      id = await sendLead(apiBase, {
        ...data,
        website: honeypot.current?.value ?? "",
        ...(label && !badSource ? { source: label } : {}),
        // A message about a cart is a price request for it.
        ...(cart ? { vehicleId: cart.id, kind: "quote" as const } : {}),
      });
    } catch (err) {
      const failure = await describeSendFailure(err);
      if (failure.fields.vehicleId) {
        // The cart left the inventory since the form named it: nothing was stored; the message goes without it.
        notAbout();
        setToast({ text: CART_GONE });
        return;
      }
      for (const [key, message] of Object.entries(failure.fields)) if (isField(key)) setError(key, { type: "server", message });
      const failed = { status: failure.status, code: failure.code, error: failure.message };
      setToast({ failure: failed });
      reportSendFailure(host, TAG, "message", failed, apiBaseHint(apiBaseAttr));
      return;
    }
    reset(defaults);
    if (honeypot.current) honeypot.current.value = "";
    emit(host, "gc-contact-submitted", { id, interest: data.interest, source: label && !badSource ? label : null });
    const next = afterSend(host.getAttribute("redirect"), apiBase, location.href);
    if ("to" in next) {
      navigation.go(next.to);
      return;
    }
    if (next.problem) reportError(host, TAG, next.problem);
    setSent(true);
  };

  return (
    <form
      className="form"
      part="form"
      // method="dialog": the form the server rendered sends nothing without the script (no message in a URL).
      method="dialog"
      noValidate
      aria-label={distinctLabel(host, "Contact us")}
      // Until the cart it is about has come (or is known to be gone), the form is not in its final shape.
      aria-busy={about.status === "loading" || undefined}
      onSubmit={(e) => {
        // The button stays focusable while sending (aria-disabled), so a second press must not send twice.
        if (isSubmitting) e.preventDefault();
        else void handleSubmit(onValid)(e);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && toast) {
          e.stopPropagation();
          setToast(null);
        }
      }}
    >
      {cart && (
        <div className="about" part="about">
          <p>
            <span className="about-label">About:</span> <strong>{vehicleLabel(cart)}</strong>
          </p>
          {cart.sold && <p>This cart has been sold. Your message is still welcome: we will gladly find you one like it.</p>}
          <button type="button" className="about-clear" part="not-about" onClick={notAbout}>
            Not about this cart
          </button>
        </div>
      )}
      {/* Screen readers hear "required" on each field (aria-required); the marker and its key are for the eye. */}
      <p className="req-note" aria-hidden="true">
        <span className="req">*</span> Required
      </p>
      <ContactFields fields={CONTACT_FIELDS} required={REQUIRED} defaults={DEFAULTS} errors={errors} register={(name) => register(name as Field)} />
      <div className="hp" aria-hidden="true">
        <label htmlFor="gc-cf-website">Website</label>
        <input ref={honeypot} id="gc-cf-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {toast && (
        <div className="toast" role="alert" part="toast" ref={toastRef}>
          <div>
            <p className="toast-title">Error</p>
            {"text" in toast ? <p>{toast.text}</p> : <SendFailed what="message" failure={toast.failure} phone={phone} />}
          </div>
          <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => setToast(null)}>
            ×
          </button>
        </div>
      )}
      <button type="submit" className="gc-btn submit" part="submit" aria-disabled={isSubmitting || undefined}>
        {isSubmitting ? "Sending..." : "Send Message"}
      </button>
      <div role="status" className="status">
        {sent && (
          <div className="success" part="success" ref={successRef}>
            <p className="success-title">Message sent</p>
            <p>Thank you! We'll be in touch within 24 hours, usually in 2 to 6 business hours.</p>
          </div>
        )}
      </div>
    </form>
  );
}
