/**
 * Which sites a lead, a vehicle or an audit entry belongs to, for staff
 * accounts scoped to sites. A lead's `site` is always set (the
 * schema gives a lead stored before sites the first site's); a vehicle without
 * `sites` is shown on every site.
 */
import type { Lead } from "./lead";
import { auditLeadId, mayActOnSite, type AuditEntry, type StaffScope } from "./staff";
import { changedVehicleFields, isShownOn, type Vehicle } from "./vehicle";

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

/** Why an account may not make a change to a cart, and the field it is about. */
export interface ScopeRefusal {
  field: "sites" | "location" | "vehicle";
  message: string;
}

const named = (ids: readonly string[]) => ids.join(", ");

/**
 * The one rule of a shared cart (docs/decisions/0059-shared-carts.md): an account scoped to some sites may
 * change a cart only in what concerns its own sites. It adds or removes only its own sites from the cart's list; while
 * another site also shows the cart, it changes nothing else (no delete, sale, hold, price or photo); what it creates is
 * shown on its own sites only; it places carts only on its own sites' lots. Organisation-wide accounts may do anything.
 * `before` absent: a create; `after` absent: a delete. `siteIds`: the deployment's sites (a cart naming none is on all).
 */
export function scopeRefusal(
  account: StaffScope,
  before: Vehicle | undefined,
  after: Vehicle | undefined,
  siteIds: readonly string[],
): ScopeRefusal | undefined {
  const own = account.sites;
  if (own === undefined) return undefined;
  const shownOn = (v: Vehicle) => (vehicleSiteIds(v) ?? siteIds).filter((id) => siteIds.includes(id));
  const foreign = (ids: readonly string[]) => ids.filter((id) => !own.includes(id));
  const others = before ? foreign(shownOn(before)) : [];
  const shared = (name: string) =>
    `${name} is also shown on ${named(others)}: your account may only remove its own site from it; an organisation-wide account can change it for every site`;
  if (!after) return others.length ? { field: "vehicle", message: shared(before!.name) } : undefined;

  // A cart naming no sites is also on every site added later: naming none adds those (naming some leaves them out,
  // which is how a scoped account takes its own site off a cart every site shows).
  const LATER = "every site added later";
  const listed = (v: Vehicle | undefined) => (!v ? [] : vehicleSiteIds(v) ? shownOn(v) : [...shownOn(v), LATER]);
  const now = listed(after);
  const was = listed(before);
  const touched = foreign([...now.filter((id) => !was.includes(id)), ...was.filter((id) => id !== LATER && !now.includes(id))]);
  if (touched.length)
    return {
      field: "sites",
      message: `Your account may show a cart only on its own sites (${named(own)}), and add or remove only those: ${named(touched)} is not one of them`,
    };
  if (after.location !== undefined && after.location !== before?.location && !own.includes(after.location))
    return { field: "location", message: `Location "${after.location}" is not one of your account's sites' lots (${named(own)})` };
  if (before && others.length && changedVehicleFields(before, after).some((field) => field !== "sites"))
    return { field: "vehicle", message: shared(before.name) };
  return undefined;
}
