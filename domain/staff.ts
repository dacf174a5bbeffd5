import { z } from "zod";
import "./plain-messages";
import { VEHICLE_ID_PATTERN as SLUG_PATTERN } from "./vehicle";
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, passwordProblem } from "./staff-password";

/** Staff roles: sales manages the inventory; the owner also manages accounts and partner origins. */
export const STAFF_ROLES = ["owner", "sales"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordProblem } from "./staff-password";

export const STAFF_MESSAGES = {
  email: "Enter a valid e-mail address",
  role: `Role must be one of: ${STAFF_ROLES.join(", ")}`,
  signInFailed: "Wrong e-mail or password",
  /** The same for every e-mail, known or not (docs/decisions/0017-sign-in-throttle.md). */
  signInThrottled: "Too many failed sign-ins for this e-mail from here. Wait a while, or ask an owner to unlock the account.",
  passwordChangeRequired: "An owner reset your password: choose a new one before going on.",
  sameAsTemporary: "Choose a password other than the temporary one",
} as const;

/** The `code` of the 403 every staff call answers while an account must choose a new password. */
export const PASSWORD_CHANGE_REQUIRED = "password-change-required";

/** E-mails are compared lower-cased and trimmed, so "Owner@Example.com" is one account with "owner@example.com". */
export const StaffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: STAFF_MESSAGES.email }));

export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.role });

/** A password as domain/staff-password.ts accepts it, the account's e-mail aside (see withPasswordOf). */
export const StaffPasswordSchema = z.string({ error: PASSWORD_MESSAGES.short }).superRefine((password, ctx) => {
  const problem = passwordProblem(password);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** Adds to an object schema with `email` and `password` the check that the password does not hold the e-mail. */
const withPasswordOf = <T extends { email: string; password: string }>(value: T, ctx: z.RefinementCtx) => {
  const problem = passwordProblem(value.password, value.email);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
};

/**
 * The sites an account is scoped to, by site id, with its role there;
 * absent: the whole organisation (every site, and an owner adds and edits sites).
 * Accounts made before sites existed have none, so they stay organisation-wide.
 */
export const StaffSitesSchema = z
  .array(z.string().regex(SLUG_PATTERN, "must be a site id"), { error: "must list site ids" })
  .min(1, "must list at least one site, or be left out for every site")
  .max(100)
  .transform((ids) => [...new Set(ids)]);

/** An account as staff see it (never with its password hash). */
export const StaffAccountSchema = z.object({
  email: StaffEmailSchema,
  role: StaffRoleSchema,
  createdAt: z.iso.datetime(),
  sites: StaffSitesSchema.optional(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

/** The owner's form for a new account, and the CLI's `add` (`sites` left out: every site). */
export const NewStaffAccountSchema = z
  .object({
    email: StaffEmailSchema,
    role: StaffRoleSchema,
    password: StaffPasswordSchema,
    sites: StaffSitesSchema.optional(),
  })
  .superRefine(withPasswordOf);
export type NewStaffAccount = z.infer<typeof NewStaffAccountSchema>;

/** The sign-in form. Any non-empty password is checked: a short one simply fails like a wrong one. */
export const SignInSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, { error: STAFF_MESSAGES.email }).max(320, { error: STAFF_MESSAGES.email }),
  password: z.string().min(1, { error: "Enter your password" }).max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.long }),
});

/** The form on which an account whose password an owner reset chooses a new one. */
export const NewPasswordSchema = z.object({ password: StaffPasswordSchema });

/** Whether a role manages accounts and partner origins (every role manages the inventory). */
export const canManageAccounts = (role: StaffRole): boolean => role === "owner";

/** The part of an account that says where it may act. */
export type StaffScope = Pick<StaffAccount, "role" | "sites">;

/** An owner of the whole organisation: every site, and the only one who adds, edits and removes sites or manages accounts. */
export const isOrganisationOwner = (account: StaffScope): boolean => account.role === "owner" && account.sites === undefined;

/** Whether the account may see and change what belongs to the site `siteId`. */
export const mayActOnSite = (account: StaffScope, siteId: string): boolean => account.sites === undefined || account.sites.includes(siteId);

/** The kinds of change the audit history records. */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "account-add",
  "account-remove",
  "account-password",
  "origins-update",
  "lead-status",
  "lead-note",
  "lead-resend",
  // The inbox's sales side: `fields` are the lead's id, then the assignee (or "" for none) / the due time (or "") / the reply's id.
  "lead-assign",
  "lead-due",
  "lead-reply",
  "lead-reply-resend",
  // Their `email` is the address the attempt came from; `fields` are the account, then (throttled) how long it waits.
  "account-sign-in-failed",
  "account-throttled",
  // An owner's help: `fields` are the account.
  "account-reset",
  "account-unlock",
  // A change to a site: `fields` are the site's id, then (update) each changed top-level field.
  "site-add",
  "site-update",
  "site-remove",
  // A step of a rental reservation: `fields` are its site, its reference, then the detail (the reason, the
  // new dates, the refund); a change to a site's fleet and turnaround: the site, then the new values.
  "rental-confirm",
  "rental-decline",
  "rental-move",
  "rental-cancel",
  "rental-settings",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntrySchema = z.object({
  at: z.iso.datetime(),
  email: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  vehicleId: z.string().nullable(),
  fields: z.array(z.string()),
  /** The vehicle's name when the entry was written (older entries have none). */
  vehicleName: z.string().optional(),
  /** Each changed field's old and new value (null for none); older entries have only `fields`. */
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })).optional(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** The changes to a lead's follow-up: their `fields` are the lead's id, then (for a status) the new status. */
const LEAD_AUDIT_ACTIONS: readonly AuditAction[] = ["lead-status", "lead-note", "lead-resend", "lead-assign", "lead-due", "lead-reply", "lead-reply-resend"];

/** The History's filter by kind of change: each kind's actions. */
export const AUDIT_KINDS = {
  vehicles: ["create", "update", "delete"],
  leads: LEAD_AUDIT_ACTIONS,
  rentals: AUDIT_ACTIONS.filter((a) => a.startsWith("rental-")),
  accounts: AUDIT_ACTIONS.filter((a) => a.startsWith("account-")),
  sites: AUDIT_ACTIONS.filter((a) => a.startsWith("site-")),
  origins: ["origins-update"],
} as const satisfies Record<string, readonly AuditAction[]>;
export type AuditKind = keyof typeof AUDIT_KINDS;
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  vehicles: "Vehicles",
  leads: "Leads",
  rentals: "Rentals",
  accounts: "Accounts and sign-ins",
  sites: "Sites",
  origins: "Partner origins",
};

/** The lead an audit entry is about, or null for a change to the catalogue, accounts or origins. */
export function auditLeadId(entry: Pick<AuditEntry, "action" | "fields">): string | null {
  return LEAD_AUDIT_ACTIONS.includes(entry.action) ? (entry.fields[0] ?? null) : null;
}
