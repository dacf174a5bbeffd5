/** The staff API (docs/staff.md), one function per call. */
import type { Site } from "../../../domain/site";
import type { AuditKind, NewStaffAccount, AuditEntry as StoredAuditEntry, StaffAccount } from "../../../domain/staff";
import type { BulkRequest, BulkResult } from "../../../domain/inventory-bulk";
import { listFilters, listSearch, type FeedGap, type InventoryListQuery } from "../../../domain/inventory-list";
import type { Vehicle } from "../../../domain/vehicle";
import type { VehicleEdit } from "../../../domain/vehicle-edit";
import type { Integrity } from "../../../domain/widget-integrity";
import type { VehicleDraft } from "../vehicle-form/form-values";
import { call } from "./client";

export interface Session extends Pick<StaffAccount, "email" | "role" | "sites"> {
  /** Whether this server mails leads (SMTP set up); when not, leads are only in the inbox and none can be re-sent. */
  leadMail: boolean;
  /** Present while an owner's reset holds: it must choose a new password before anything else. */
  mustChangePassword?: true;
}
/** A history entry as stored; one about a lead also carries the visitor's name (null when the lead is gone). */
export type AuditEntry = StoredAuditEntry & { leadName?: string | null; leadSite?: string | null };
/** Which page of the history to show: GET /api/staff/audit's query. */
export interface AuditQuery {
  vehicle?: string;
  who?: string;
  kind?: AuditKind;
  before?: number;
  limit?: number;
}
export interface Account extends StaffAccount {
  /** Its password is a temporary one an owner set. */
  mustChangePassword: boolean;
}
/** An account the sign-in throttle holds back at one address, until `until` (ISO). */
export interface SignInWait {
  email: string;
  address: string;
  until: string;
}
export interface Origins {
  /** The site they are of. */
  site: string;
  startup: string[];
  added: string[];
}
/** One page of the inventory list (GET /api/staff/vehicles?…&page=N): its carts, where it stands, and the whole list's choices. */
export interface InventoryListPage {
  vehicles: Vehicle[];
  /** The carts the filters keep, over every page. */
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** Every cart the account sees, filters aside. */
  count: number;
  brands: { value: string; label: string }[];
  feedGaps: { count: number; first: FeedGap[] };
}

/** Where a unit may be moved (GET …/vehicles/:id/transfer). */
export interface TransferChoices {
  from: string | null;
  to: { id: string; name: string }[];
  /** Set when an inventory source keeps the unit's lot. */
  warning: string | null;
}

/** A vehicle and the ETag to send back with its next edit. */
export interface Versioned {
  vehicle: Vehicle;
  etag: string;
}

/** A site and the ETag to send back with its next edit. */
export interface VersionedSite {
  site: Site;
  etag: string;
}

const json = (body: unknown) => ({ json: body });
const versionedSite = ({ body, headers }: { body: Site; headers: Headers }): VersionedSite => ({ site: body, etag: headers.get("ETag") ?? "" });
const versioned = ({ body, headers }: { body: Vehicle; headers: Headers }): Versioned => ({ vehicle: body, etag: headers.get("ETag") ?? "" });

export const staffApi = {
  /** The signed-in account, or null. */
  async session(): Promise<Session | null> {
    try {
      return (await call<Session>("session", { expectSession: false })).body;
    } catch (err) {
      if (err instanceof Error && "status" in err && err.status === 401) return null;
      throw err;
    }
  },
  signIn: async (email: string, password: string) =>
    (await call<Session>("session", { method: "post", expectSession: false, ...json({ email, password }) })).body,
  signOut: async () => {
    await call("session", { method: "delete", expectSession: false });
  },
  /** The new password of an account an owner reset. */
  choosePassword: async (password: string) => (await call<Session>("session/password", { method: "post", ...json({ password }) })).body,

  /** Every cart the account sees; with `filters`, every one they keep (what "select all" picks and the CSV export writes). */
  vehicles: async (filters: InventoryListQuery = {}) => (await call<{ vehicles: Vehicle[] }>(`vehicles${listSearch(listFilters(filters))}`)).body.vehicles,
  /** One page of the list the query asks for, filtered and sorted by the server (decision 0065). */
  inventoryPage: async (query: InventoryListQuery) => {
    const search = listSearch(listFilters(query));
    return (await call<InventoryListPage>(`vehicles${search}${search ? "&" : "?"}page=${query.page ?? 1}`)).body;
  },
  vehicle: async (id: string) => versioned(await call<Vehicle>(`vehicles/${encodeURIComponent(id)}`)),
  createVehicle: async (input: VehicleDraft) => versioned(await call<Vehicle>("vehicles", { method: "post", ...json(input) })),
  /** Only the changed fields, with their values in the version `etag` names: merged with others' changes to other fields, else 412 with `conflicts`. */
  editVehicle: async (id: string, edit: VehicleEdit, etag: string) =>
    versioned(await call<Vehicle>(`vehicles/${encodeURIComponent(id)}`, { method: "patch", headers: { "If-Match": etag }, ...json(edit) })),
  /** One change to many carts, each judged on its own: a cart someone else changed since `base` is reported, not overwritten (decision 0040). */
  bulkVehicles: async (request: BulkRequest) => (await call<BulkResult>("vehicles/bulk", { method: "post", ...json(request) })).body,
  deleteVehicle: async (id: string) => {
    await call(`vehicles/${encodeURIComponent(id)}`, { method: "delete" });
  },
  /** The lots a unit may be moved to, and, when an inventory source keeps its lot, what its next run will do. */
  transferChoices: async (id: string) => (await call<TransferChoices>(`vehicles/${encodeURIComponent(id)}/transfer`)).body,
  /** Move the unit to site `to`'s lot, if no one changed it since the version `etag` names. */
  transferVehicle: async (id: string, to: string, etag: string) => {
    const { body, headers } = await call<{ vehicle: Vehicle; warning: string | null }>(`vehicles/${encodeURIComponent(id)}/transfer`, {
      method: "post",
      headers: { "If-Match": etag },
      ...json({ to }),
    });
    return { ...versioned({ body: body.vehicle, headers }), warning: body.warning };
  },

  audit: async (query: AuditQuery = {}) => {
    const search = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined || v === "" ? [] : [[k, String(v)]])));
    return (await call<{ entries: AuditEntry[]; next: number | null }>(`audit?${search}`)).body;
  },

  accounts: async () => (await call<{ accounts: Account[] }>("accounts")).body.accounts,
  addAccount: async (account: NewStaffAccount) => (await call<Account>("accounts", { method: "post", ...json(account) })).body,
  removeAccount: async (email: string) => {
    await call(`accounts/${encodeURIComponent(email)}`, { method: "delete" });
  },
  /** A temporary password for the account, answered this once. */
  resetPassword: async (email: string) =>
    (await call<{ email: string; temporaryPassword: string }>(`accounts/${encodeURIComponent(email)}/password-reset`, { method: "post" })).body
      .temporaryPassword,
  /** Who the sign-in throttle holds back now: the account, the address it failed from, and until when. */
  signInWaits: async () => (await call<{ waiting: SignInWait[] }>("accounts/waiting")).body.waiting,
  unlockAccount: async (email: string) => {
    await call(`accounts/${encodeURIComponent(email)}/unlock`, { method: "post" });
  },

  /**
   * The sites the account may act on, whether it may add, edit and remove sites (an organisation owner), and every site
   * of the deployment by id and name (a cart may be shown on sites a scoped account does not act on).
   */
  sites: async () => (await call<{ sites: Site[]; canManage: boolean; everySite: { id: string; name: string }[] }>("sites")).body,
  site: async (id: string) => versionedSite(await call<Site>(`sites/${encodeURIComponent(id)}`)),
  createSite: async (site: Site) => versionedSite(await call<Site>("sites", { method: "post", ...json(site) })),
  /** The whole site, saved only if no one saved it since the version `etag` names (else 412 with `current`). */
  replaceSite: async (id: string, site: Site, etag: string) =>
    versionedSite(await call<Site>(`sites/${encodeURIComponent(id)}`, { method: "put", headers: { "If-Match": etag }, ...json(site) })),
  /** The release the server runs and the SRI value of each script as the site serves it pinned (its own copy). */
  siteWidgets: async (id: string) => (await call<Integrity>(`sites/${encodeURIComponent(id)}/widgets`)).body,
  /** `force`: even though leads came through it (else 409 naming how many). */
  removeSite: async (id: string, force = false) => {
    await call(`sites/${encodeURIComponent(id)}${force ? "?force=1" : ""}`, { method: "delete" });
  },

  /** The partner origins of one site (`?site=`, docs/decisions/0058). */
  origins: async (site: string) => (await call<Origins>(`origins?site=${encodeURIComponent(site)}`)).body,
  setOrigins: async (site: string, added: string[]) =>
    (await call<Origins>(`origins?site=${encodeURIComponent(site)}`, { method: "put", ...json({ added }) })).body,
};
