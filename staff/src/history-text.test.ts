import { describe, expect, it } from "vitest";
import { leadSubjectText, reordered } from "./history-text";

const entry = (action: "lead-due" | "lead-reply" | "lead-status", fields: string[]) => ({
  at: "2026-06-01T10:00:00.000Z",
  email: "ann@example.com",
  action,
  vehicleId: null,
  fields,
});

describe("the History's words for a lead's entry", () => {
  it("a due time in the lead's site's time zone, with the zone's name, not UTC", () => {
    expect(leadSubjectText(entry("lead-due", ["lead-1", "2026-06-02T18:30:00.000Z"]), "America/New_York")).toEqual(["Due Jun 2, 2026, 2:30 PM EDT"]);
    expect(leadSubjectText(entry("lead-due", ["lead-1", ""]), "America/New_York")).toEqual(["No follow-up date"]);
  });
  it("a reply without its id, which means nothing to a reader; other entries as they are", () => {
    expect(leadSubjectText(entry("lead-reply", ["lead-1", "5b0f3c1e-8d1c-4f3e-9a43-2d6a9c1b7e10"]), undefined)).toEqual([]);
    expect(leadSubjectText(entry("lead-status", ["lead-1", "contacted"]), undefined)).toBeNull();
  });
});

describe("photos put in another order", () => {
  it("say reordered, not '4 photos → 4 photos'; a photo added or removed is not a reorder", () => {
    const photos = ["/photos/a/1", "/photos/b/1", "/photos/c/1", "/photos/d/1"];
    expect(reordered(photos, [photos[1], photos[0], photos[2], photos[3]])).toBe(true);
    expect(reordered(photos, photos)).toBe(false);
    expect(reordered(photos, photos.slice(1))).toBe(false);
    expect(reordered(photos, [...photos.slice(1), "/photos/e/1"])).toBe(false);
  });
});
