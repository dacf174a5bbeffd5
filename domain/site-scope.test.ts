import { describe, expect, it } from "vitest";
import { auditEntryVisible, mayActOnLead, mayActOnVehicle, vehicleSiteIds } from "./site-scope";
import { LeadSchema } from "./lead";
import { validLead } from "./testing/valid-lead";
import { isShownOn } from "./vehicle";
import { isOrganisationOwner, type AuditEntry, type StaffScope } from "./staff";

const scoped: StaffScope = { role: "sales", sites: ["cape-may"] };
const everywhere: StaffScope = { role: "sales" };
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  at: "2026-11-25T09:00:00.000Z",
  email: "a@example.com",
  action: "update",
  vehicleId: null,
  fields: [],
  ...over,
});

describe("what a staff account scoped to sites may act on", () => {
  it("a lead without a site came through the first site; a vehicle naming none is every site's", () => {
    // The lead schema gives a lead stored before sites the first site's id.
    const stored = { ...validLead(), id: "x", createdAt: "2026-11-25T09:00:00.000Z", origin: null, source: null };
    const before = LeadSchema.parse(stored);
    expect(before.site).toBe("sussex-coast");
    expect(LeadSchema.parse({ ...stored, site: "cape-may" }).site).toBe("cape-may");
    expect(mayActOnLead(scoped, before)).toBe(false);
    expect(mayActOnLead(everywhere, before)).toBe(true);
    expect(vehicleSiteIds({ sites: [] })).toBeUndefined();
    expect(mayActOnVehicle(scoped, {})).toBe(true);
    expect(mayActOnVehicle(scoped, { sites: ["sussex-coast"] })).toBe(false);
    expect(mayActOnVehicle(scoped, { sites: ["sussex-coast", "cape-may"] })).toBe(true);
  });

  it.each([
    [{}, ["cape-may"], true],
    [{ sites: ["cape-may"] }, ["cape-may"], true],
    [{ sites: ["sussex-coast"] }, ["cape-may"], false],
    [{ sites: ["sussex-coast", "cape-may"] }, ["ocean-city-md", "cape-may"], true],
    [{ sites: ["sussex-coast"] }, undefined, true],
  ])("a vehicle %j is the account's (sites %j) exactly when one of its sites shows it: %s", (vehicle, sites, expected) => {
    const account: StaffScope = { role: "sales", ...(sites ? { sites } : {}) };
    expect(mayActOnVehicle(account, vehicle)).toBe(expected);
    if (sites) expect(sites.some((id) => isShownOn(vehicle, id))).toBe(expected);
  });

  it("an organisation owner is an owner without sites", () => {
    expect(isOrganisationOwner({ role: "owner" })).toBe(true);
    expect(isOrganisationOwner({ role: "owner", sites: ["cape-may"] })).toBe(false);
    expect(isOrganisationOwner({ role: "sales" })).toBe(false);
  });

  it("the history: its leads, sites and vehicles; a removed vehicle's entries; never the organisation's accounts, origins or sign-ins", () => {
    const find = {
      lead: (id: string) => (id === "theirs" ? { site: "cape-may" } : id === "other" ? { site: "sussex-coast" } : undefined),
      vehicle: (id: string) => (id === "sussex-only" ? { sites: ["sussex-coast"] } : id === "shared" ? {} : undefined),
    };
    const visible = (e: Partial<AuditEntry>) => auditEntryVisible(scoped, entry(e), find);
    expect(visible({ action: "lead-note", fields: ["theirs"] })).toBe(true);
    expect(visible({ action: "lead-note", fields: ["other"] })).toBe(false);
    expect(visible({ action: "lead-note", fields: ["gone"] })).toBe(false);
    expect(visible({ action: "site-update", fields: ["cape-may", "region"] })).toBe(true);
    expect(visible({ action: "site-add", fields: ["sussex-coast"] })).toBe(false);
    expect(visible({ action: "update", vehicleId: "shared" })).toBe(true);
    expect(visible({ action: "update", vehicleId: "sussex-only" })).toBe(false);
    expect(visible({ action: "delete", vehicleId: "removed" })).toBe(true);
    for (const action of ["account-add", "origins-update", "account-sign-in-failed"] as const)
      expect(visible({ action, fields: ["x@example.com"] })).toBe(false);
    expect(auditEntryVisible(everywhere, entry({ action: "account-add" }), find)).toBe(true);
  });
});
