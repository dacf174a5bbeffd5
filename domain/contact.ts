// zod/mini: the same core and the same parsing as classic zod, built from
// functions that bundlers can tree-shake, so the contact-form widget does not
// carry classic zod (~24 kB gzip of its ~35). Mini objects also parse without
// compiling code (`new Function`), which a strict CSP would report.
import * as z from "zod/mini";
import { CONTROL_CHARACTER } from "./escape";
import { VEHICLE_ID_PATTERN } from "./slug";
import { SLOT_PATTERN, TEST_DRIVE_MESSAGES } from "./test-drive";

/** The enquiry kinds a visitor can choose, in display order. */
export const INTERESTS = ["sales", "service", "parts", "general"] as const;
export type Interest = (typeof INTERESTS)[number];

export const INTEREST_LABELS: Record<Interest, string> = {
  sales: "Sales",
  service: "Service",
  parts: "Parts",
  general: "General",
};

/**
 * What a lead is: a plain message (also when absent, as every lead before kinds), a price request for a cart, a
 * test-drive booking, or a trade-in. Display order.
 */
export const LEAD_KINDS = ["message", "quote", "test-drive", "trade-in"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  message: "Message",
  quote: "Quote request",
  "test-drive": "Test drive",
  "trade-in": "Trade-in",
};

/** A lead's kind: absent means a plain message. */
export const leadKind = (lead: { kind?: LeadKind }): LeadKind => lead.kind ?? "message";

/** The longest vehicle id a lead may name (ids are slugs of a model name and stock number). */
export const VEHICLE_ID_MAX_LENGTH = 120;

/**
 * The contact form's validation messages, shown at their fields by the form and sent by the API: one per rule, in the
 * spec's words (§5 "Contact form"). An empty address is not a valid one ("Invalid email address"), and a phone short of
 * 10 digits, however it is written, has not given a number to call ("Phone number is required").
 */
export const CONTACT_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Invalid email address",
  phone: "Phone number is required",
  interest: "Choose sales, service, parts or general",
  message: "Message must be at least 10 characters",
  kind: "The kind must be message, quote, test-drive or trade-in",
  vehicleId: "The vehicle must be the id of a vehicle in our inventory",
} as const;

/** The message of a one-line field holding a line break or another control character. */
export const oneLineMessage = (label: string) => `${label} must be on one line, without control characters`;
const NO_CONTROL_CHARACTERS = new RegExp(`^[^${CONTROL_CHARACTER.source.slice(1, -1)}]*$`);

/** A phone number's digits, whatever spaces, dashes, brackets or "+" it is written with (spec §5: at least 10). */
export const PHONE_MIN_DIGITS = 10;
const digitCount = (s: string) => s.replace(/\D/g, "").length;
export const MESSAGE_MIN_LENGTH = 10;
/** Generous upper bounds so one lead can never fill the request limit. */
export const NAME_MAX_LENGTH = 100;
export const MESSAGE_MAX_LENGTH = 5000;
/** The longest address SMTP allows (RFC 5321). */
const EMAIL_MAX_LENGTH = 254;
const PHONE_MAX_LENGTH = 40;

const trimmed = (min: number, max: number, message: string, oneLineLabel?: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(min, message),
      z.maxLength(max, `Must be at most ${max} characters`),
      ...(oneLineLabel ? [z.regex(NO_CONTROL_CHARACTERS, oneLineMessage(oneLineLabel))] : []),
    );

/** The values of a choice, in the order its labels are written in (`{ phone: "Phone", … }`), as z.enum takes them. */
const valuesOf = <K extends string>(labels: Readonly<Record<K, string>>) => Object.keys(labels) as [K, ...K[]];

/** A choice among `labels`' values that the visitor must make: a blank one is refused with `message`, which names the field. */
export const requiredChoice = <K extends string>(labels: Readonly<Record<K, string>>, message: string) => z.enum(valuesOf(labels), { error: message });

/** `schema`, but "" (what a form holds for a field left blank) or absent is not given, and is left out of the lead. */
const blankAllowed = <T extends z.ZodMiniType<string, string>>(schema: T) =>
  z.optional(
    z.pipe(
      z.transform((v: string | undefined) => (typeof v === "string" && v.trim() === "" ? undefined : v)),
      z.optional(schema),
    ),
  );

/** A choice among `labels`' values that the visitor may leave blank; another value is refused with `message`. */
export const optionalChoice = <K extends string>(labels: Readonly<Record<K, string>>, message: string) => blankAllowed(requiredChoice(labels, message));

/** A line of text the visitor may leave blank: at most `max` characters, on one line, `label` naming it in the messages. */
export const optionalLine = (label: string, max = NAME_MAX_LENGTH) => blankAllowed(trimmed(0, max, `${label} must be at most ${max} characters`, label));

/** The contact fields; `strict` refuses control characters in the one-line fields (new messages), stored leads are read without it. */
const contactFields = (strict: boolean) => ({
  firstName: trimmed(1, NAME_MAX_LENGTH, CONTACT_MESSAGES.firstName, strict ? "First name" : undefined),
  lastName: trimmed(1, NAME_MAX_LENGTH, CONTACT_MESSAGES.lastName, strict ? "Last name" : undefined),
  email: z.pipe(
    z.string({ error: CONTACT_MESSAGES.email }).check(z.trim(), z.maxLength(EMAIL_MAX_LENGTH, CONTACT_MESSAGES.email)),
    z.email(CONTACT_MESSAGES.email),
  ),
  // Stored leads were taken with at least 10 characters; new ones need 10 digits (the spec's 10 characters let
  // "aaaaaaaaaaaa" through), with the spec's message.
  phone: strict
    ? trimmed(1, PHONE_MAX_LENGTH, CONTACT_MESSAGES.phone, "Phone number").check(
        z.refine((s) => s === "" || digitCount(s) >= PHONE_MIN_DIGITS, CONTACT_MESSAGES.phone),
      )
    : trimmed(PHONE_MIN_DIGITS, PHONE_MAX_LENGTH, CONTACT_MESSAGES.phone),
  interest: z._default(z.enum(INTERESTS, { error: CONTACT_MESSAGES.interest }), "sales"),
  message: trimmed(MESSAGE_MIN_LENGTH, MESSAGE_MAX_LENGTH, CONTACT_MESSAGES.message),
  /** The catalogue vehicle the lead is about (its id); absent: none. POST /api/contact refuses one the site does not list. */
  vehicleId: z.optional(
    z
      .string({ error: CONTACT_MESSAGES.vehicleId })
      .check(z.trim(), z.maxLength(VEHICLE_ID_MAX_LENGTH, CONTACT_MESSAGES.vehicleId), z.regex(VEHICLE_ID_PATTERN, CONTACT_MESSAGES.vehicleId)),
  ),
  /** What the lead is (LEAD_KINDS); absent: a plain message. */
  kind: z.optional(z.enum(LEAD_KINDS, { error: CONTACT_MESSAGES.kind })),
  /** A test drive's slot: the site-local start "YYYY-MM-DDTHH:MM" (domain/test-drive.ts). */
  slot: z.optional(z.string({ error: TEST_DRIVE_MESSAGES.slot }).check(z.regex(SLOT_PATTERN, TEST_DRIVE_MESSAGES.slot))),
});

/** A visitor's contact message: one schema for the form and the API. One-line fields refuse line breaks and other control characters. */
export const ContactMessageSchema = z.object(contactFields(true));

/**
 * The same fields as leads stored by earlier versions hold them, which let
 * control characters through: such leads still load, and every writer
 * (mail, CSV) neutralises them (domain/escape.ts oneLine).
 */
export const StoredContactMessageSchema = /* @__PURE__ */ (() => z.object(contactFields(false)))();

export type ContactMessage = z.infer<typeof ContactMessageSchema>;
/** What a form holds before defaults apply. */
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

/** A label naming the page or partner that sent a lead, e.g. "resort-landing". */
/** What a source label may hold, as the API and the widget's report say it. */
export const SOURCE_RULE = "may hold letters, digits, spaces and . : / @ _ - only";
export const LeadSourceSchema = z
  .string({ error: `The source label ${SOURCE_RULE}` })
  .check(z.trim(), z.maxLength(100, "The source label must be at most 100 characters"), z.regex(/^[\w .:/@-]*$/, `The source label ${SOURCE_RULE}`));

/** The body POST /api/contact accepts: the message, an optional source, and the honeypot. */
export const ContactRequestSchema = /* @__PURE__ */ (() =>
  z
    .extend(ContactMessageSchema, {
      source: z.optional(LeadSourceSchema),
      /** Honeypot: hidden from people, so any value marks a bot. */
      website: z.optional(z.string().check(z.maxLength(500))),
    })
    .check(
      // A test drive is of a cart, at a slot; only a test drive has a slot.
      z.superRefine((body, ctx) => {
        if (body.kind === "test-drive") {
          if (body.vehicleId === undefined) ctx.addIssue({ code: "custom", path: ["vehicleId"], message: TEST_DRIVE_MESSAGES.vehicle, input: body });
          if (body.slot === undefined) ctx.addIssue({ code: "custom", path: ["slot"], message: TEST_DRIVE_MESSAGES.slot, input: body });
        } else if (body.slot !== undefined) ctx.addIssue({ code: "custom", path: ["slot"], message: TEST_DRIVE_MESSAGES.notTestDrive, input: body });
      }),
    ))();

/** Field name → first message, as the API answers and the form displays. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "body";
    fields[key] ??= issue.message;
  }
  return fields;
}

export { ORIGIN_NOT_ALLOWED } from "./origin-not-allowed";
