import { describe, expect, it } from "vitest";
import { auditEntryVisible, mayActOnLead, mayActOnVehicle, scopeRefusal, vehicleSiteIds } from "./site-scope";
import { testVehicle } from "./testing/test-vehicle";
import { LeadSchema } from "./lead";
import { validLead } from "./testing/valid-lead";
import { isShownOn, type Vehicle } from "./vehicle";
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

describe("the rule of a shared cart (scopeRefusal): a scoped account changes a cart only in what concerns its own sites", () => {
  const SITES = ["sussex-coast", "cape-may", "ocean-city-md"];
  const cape: StaffScope = { role: "sales", sites: ["cape-may"] };
  const shared = testVehicle("shared-cart"); // no sites: every site shows it
  const capeOnly = testVehicle("cape-cart", { sites: ["cape-may"], location: "cape-may" });
  const refusal = (before: Vehicle | undefined, after: Vehicle | undefined, account = cape) => scopeRefusal(account, before, after, SITES)?.field ?? null;

  it.each([
    ["take another site off a shared cart", shared, { ...shared, sites: ["cape-may"] }, "sites"],
    ["put a cart of its own on another site", capeOnly, { ...capeOnly, sites: ["cape-may", "sussex-coast"] }, "sites"],
    ["show a cart of its own on every site (and those added later)", capeOnly, { ...capeOnly, sites: undefined }, "sites"],
    ["reprice a shared cart", shared, { ...shared, price: shared.price - 500 }, "vehicle"],
    ["sell or hold a shared cart", shared, { ...shared, status: "sold" as const }, "vehicle"],
    ["add a photo to a shared cart", shared, { ...shared, images: [...shared.images, "/photos/x.jpg"] }, "vehicle"],
    ["delete a shared cart", shared, undefined, "vehicle"],
    ["create a cart shown on every site", undefined, { ...capeOnly, sites: undefined }, "sites"],
    ["create a cart on another site", undefined, { ...capeOnly, sites: ["sussex-coast"] }, "sites"],
    ["move a cart of its own to another site's lot", capeOnly, { ...capeOnly, location: "sussex-coast" }, "location"],
  ] as const)("refused: %s", (_what, before, after, field) => {
    expect(refusal(before, after as Vehicle | undefined)).toBe(field);
    expect(refusal(before, after as Vehicle | undefined, { role: "owner" })).toBeNull();
  });

  it.each([
    ["take its own site off a shared cart", shared, { ...shared, sites: ["sussex-coast", "ocean-city-md"] }],
    [
      "reprice, sell, photograph or delete a cart only its sites show",
      capeOnly,
      { ...capeOnly, price: 100, status: "sold" as const, images: ["/photos/y.jpg"] },
    ],
    ["delete a cart only its sites show", capeOnly, undefined],
    ["create a cart on its own sites and lot", undefined, capeOnly],
    [
      "put its own site on a cart another account's site shows alone",
      testVehicle("a", { sites: ["ocean-city-md"] }),
      testVehicle("a", { sites: ["ocean-city-md", "cape-may"] }),
    ],
  ] as const)("allowed: %s", (_what, before, after) => {
    expect(scopeRefusal(cape, before, after as Vehicle | undefined, SITES)).toBeUndefined();
  });

  it("says in words which other sites show the cart and what the account may do instead", () => {
    expect(scopeRefusal(cape, shared, { ...shared, price: 1 }, SITES)?.message).toBe(
      `${shared.name} is also shown on sussex-coast, ocean-city-md: your account may only remove its own site from it; an organisation-wide account can change it for every site`,
    );
  });
});
