import { z } from "zod";

/** The enquiry kinds a visitor can choose, in display order. */
export const INTERESTS = ["sales", "service", "parts", "general"] as const;
export type Interest = (typeof INTERESTS)[number];

export const INTEREST_LABELS: Record<Interest, string> = {
  sales: "Sales",
  service: "Service",
  parts: "Parts",
  general: "General",
};

/** The messages of spec §5, shown at their fields by the form and sent by the API. */
export const CONTACT_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Invalid email address",
  phone: "Phone number is required",
  interest: "Choose sales, service, parts or general",
  message: "Message must be at least 10 characters",
} as const;

export const PHONE_MIN_LENGTH = 10;
export const MESSAGE_MIN_LENGTH = 10;
/** Generous upper bounds so one lead can never fill the request limit. */
export const NAME_MAX_LENGTH = 100;
export const MESSAGE_MAX_LENGTH = 5000;

const trimmed = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, `Must be at most ${max} characters`);

/** A visitor's contact message: one schema for the form and the API. */
export const ContactMessageSchema = z.object({
  firstName: trimmed(1, NAME_MAX_LENGTH, CONTACT_MESSAGES.firstName),
  lastName: trimmed(1, NAME_MAX_LENGTH, CONTACT_MESSAGES.lastName),
  email: z.string({ error: CONTACT_MESSAGES.email }).trim().max(254, CONTACT_MESSAGES.email).pipe(z.email(CONTACT_MESSAGES.email)),
  phone: trimmed(PHONE_MIN_LENGTH, 40, CONTACT_MESSAGES.phone),
  interest: z.enum(INTERESTS, { error: CONTACT_MESSAGES.interest }).default("sales"),
  message: trimmed(MESSAGE_MIN_LENGTH, MESSAGE_MAX_LENGTH, CONTACT_MESSAGES.message),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
/** What a form holds before defaults apply. */
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

/** A label naming the page or partner that sent a lead, e.g. "resort-landing". */
export const LeadSourceSchema = z.string().trim().max(100).regex(/^[\w .:/@-]*$/, "Invalid source label");

/** The body POST /api/contact accepts: the message, an optional source, and the honeypot. */
export const ContactRequestSchema = ContactMessageSchema.extend({
  source: LeadSourceSchema.optional(),
  /** Honeypot: hidden from people, so any value marks a bot. */
  website: z.string().max(500).optional(),
});
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

/** Field name → first message, as the API answers and the form displays. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "body";
    fields[key] ??= issue.message;
  }
  return fields;
}
