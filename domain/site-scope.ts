/**
 * Which sites a lead, a vehicle or an audit entry belongs to, for staff
 * accounts scoped to sites (issue 26). A lead's `site` is always set (the
 * schema gives a lead stored before sites the first site's); a vehicle without
 * `sites` is shown on every site.
 */
import type { Lead } from "./lead";
import { auditLeadId, mayActOnSite, type AuditEntry, type StaffScope } from "./staff";
import { isShownOn, type Vehicle } from "./vehicle";

/** The sites a vehicle (or a request's draft of one) names, or undefined when it names none (every site). */
export function vehicleSiteIds(vehicle: object): readonly string[] | undefined {
  const sites = (vehicle as { sites?: unknown }).sites;
  return Array.isArray(sites) && sites.length > 0 ? (sites as string[]) : undefined;
}

/** Whether the account may see and change a lead. */
export const mayActOnLead = (account: StaffScope, lead: Pick<Lead, "site">): boolean => mayActOnSite(account, lead.site);

/** Whether the account may see and change a vehicle: one shown on any of its sites (isShownOn), so one shown on every site by any account. */
export const mayActOnVehicle = (account: StaffScope, vehicle: Pick<Vehicle, "sites">): boolean =>
  account.sites === undefined || account.sites.some((id) => isShownOn(vehicle, id));

/** The entries whose first field is the site they are about (a site's change, a rental's step). */
const SITE_AUDIT_ACTIONS: readonly AuditEntry["action"][] = [
  "site-add",
  "site-update",
  "site-remove",
  "rental-confirm",
  "rental-decline",
  "rental-move",
  "rental-cancel",
  "rental-settings",
];

export interface AuditScopeLookup {
  lead(id: string): Pick<Lead, "site"> | undefined;
  vehicle(id: string): Pick<Vehicle, "sites"> | undefined;
}

/**
 * Whether a scoped account sees an audit entry: one about a lead or a site of
 * its own, or about a vehicle shown on one of its sites (one since removed:
 * yes, the catalogue is shared). Entries about accounts, partner origins and
 * sign-ins are the organisation's, seen only by organisation-wide accounts.
 */
export function auditEntryVisible(account: StaffScope, entry: AuditEntry, find: AuditScopeLookup): boolean {
  if (account.sites === undefined) return true;
  const leadId = auditLeadId(entry);
  if (leadId !== null) {
    const lead = find.lead(leadId);
    return lead !== undefined && mayActOnLead(account, lead);
  }
  if (SITE_AUDIT_ACTIONS.includes(entry.action)) return entry.fields[0] !== undefined && mayActOnSite(account, entry.fields[0]);
  if (entry.vehicleId !== null) {
    const vehicle = find.vehicle(entry.vehicleId);
    return vehicle === undefined || mayActOnVehicle(account, vehicle);
  }
  return false;
}
