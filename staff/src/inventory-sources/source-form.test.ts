import { describe, expect, it } from "vitest";
import { SourceInputSchema, type SourceView } from "../../../domain/inventory-source";
import {
  blankSourceValues,
  countsText,
  durationText,
  formErrors,
  headerChoices,
  sizeText,
  storedSecretHint,
  toSourceInput,
  toSourceValues,
  withColumn,
} from "./source-form";

const stored: SourceView = {
  id: "abc12345",
  name: "Lightspeed",
  site: "cape-may",
  kind: "pull",
  url: "https://dms.example/export.csv",
  intervalMinutes: 60,
  format: "csv",
  matchBy: "stockNumber",
  mapping: { "Stock number": ["Stock #"] },
  owns: ["stockNumber", "price"],
  soldAfterMissingRuns: 3,
  maxSoldShare: 0.25,
  maxPriceShare: 0.5,
  enabled: true,
  auth: { type: "basic", username: "dealer", password: "••••abcd" },
  pushSecret: "••••wxyz",
  createdAt: "2026-12-01T00:00:00.000Z",
  updatedAt: "2026-12-01T00:00:00.000Z",
  units: 4,
  failures: 0,
  lastRunAt: undefined,
  nextRunAt: undefined,
  held: undefined,
};

describe("the inventory source form", () => {
  it("sends a new source's settings as the server's schema reads them, shares as fractions", () => {
    const values = { ...blankSourceValues("cape-may"), name: " Frazer ", url: "http://10.0.0.5/inv.csv", maxSoldPercent: "30" };
    const input = toSourceInput(values);
    expect(SourceInputSchema.parse(input)).toMatchObject({ name: "Frazer", site: "cape-may", kind: "pull", maxSoldShare: 0.3, auth: { type: "none" } });
    expect(toSourceInput({ ...values, site: "" })).not.toHaveProperty("site");
  });

  it("keeps the stored credentials when none are typed, and sends new ones when they are", () => {
    const values = toSourceValues(stored);
    expect(values).toMatchObject({ authType: "basic", username: "dealer", password: "", maxSoldPercent: "25" });
    expect(storedSecretHint(stored.auth, "basic")).toBe("••••abcd");
    expect(storedSecretHint(stored.auth, "bearer")).toBeUndefined();
    expect(toSourceInput(values, stored.auth, stored.mapping)).not.toHaveProperty("auth");
    expect(toSourceInput(values, stored.auth, stored.mapping).mapping).toEqual(stored.mapping);
    expect(toSourceInput({ ...values, password: "new one" }, stored.auth).auth).toEqual({ type: "basic", username: "dealer", password: "new one" });
    expect(toSourceInput({ ...values, authType: "bearer", token: " t0k3n " }, stored.auth).auth).toEqual({ type: "bearer", token: "t0k3n" });
    expect(toSourceInput({ ...values, authType: "none" }, stored.auth).auth).toEqual({ type: "none" });
    // A push source sends no address.
    expect(toSourceInput({ ...values, kind: "push" }, stored.auth)).not.toHaveProperty("url");
  });

  it("puts the server's field errors beside the form's fields", () => {
    expect(formErrors({ url: "Enter…", "auth.password": "Too short", maxSoldShare: "0 to 100", "owns.2": "Only…", "owns.3": "Only (2)" })).toEqual({
      url: "Enter…",
      password: "Too short",
      maxSoldPercent: "0 to 100",
      owns: "Only…",
    });
  });

  it("edits a mapping column by column, and offers the headers the mapping names that the file lacks", () => {
    const mapping = { Model: ["Model", "Trim"], Price: ["MSRP"] };
    expect(withColumn(mapping, "Price", ["Internet Price"])).toEqual({ Model: ["Model", "Trim"], Price: ["Internet Price"] });
    expect(withColumn(mapping, "Model", ["Model", ""])).toEqual({ Model: ["Model"], Price: ["MSRP"] });
    expect(withColumn(mapping, "Price", [])).toEqual({ Model: ["Model", "Trim"] });
    expect(headerChoices(["Stock #", "Model"], mapping)).toEqual(["Stock #", "Model", "Trim", "MSRP"]);
  });

  it("writes a run's counts, duration and size in words", () => {
    expect(countsText({ created: 2, changed: 1, sold: 0, unchanged: 5, skipped: 1, missing: 0 })).toBe("2 created, 1 changed, 0 sold, 5 unchanged, 1 skipped");
    expect([durationText(850), durationText(3_240), durationText(125_000)]).toEqual(["850 ms", "3.2 s", "2 min 5 s"]);
    expect([sizeText(1), sizeText(812), sizeText(14_540), sizeText(3_250_000)]).toEqual(["1 byte", "812 bytes", "14.2 KB", "3.1 MB"]);
  });
});
