import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatCents, quoteStorage, STORAGE_MESSAGES, type StorageQuoteInput } from "./storage";

/** The table of docs/decisions/0068-storage-and-service-rules.md, row for row. */
const DECISION_ROWS: [string, StorageQuoteInput, string, string[]][] = [
  [
    "a month",
    { kind: "indoor", plan: "monthly", start: "2027-01-15", end: "2027-02-15" },
    "$125.00",
    ["Indoor climate-controlled storage, January 15, 2027 to February 15, 2027: 1 month at $125 a month"],
  ],
  [
    "a month and part of one",
    { kind: "outdoor", plan: "monthly", start: "2027-06-01", end: "2027-07-11" },
    "$100.00",
    ["Covered outdoor storage, June 1, 2027 to July 11, 2027: 1 month and 10 days at $75 a month"],
  ],
  [
    "under a month, with maintenance",
    { kind: "outdoor", plan: "monthly", start: "2027-01-01", end: "2027-01-10", addOns: ["maintenance"] },
    "$125.00",
    ["Covered outdoor storage, January 1, 2027 to January 10, 2027: 9 days, charged as the one-month minimum", "Maintenance add-on: the one-month minimum"],
  ],
  [
    "a winter package",
    { kind: "indoor", plan: "package", start: "2027-10-15", end: "2028-04-15" },
    "$650.00",
    ["Winter package, indoor climate-controlled, October 15, 2027 to April 15, 2028"],
  ],
  [
    "across a season boundary",
    { kind: "indoor", plan: "package", start: "2027-09-01", end: "2028-04-15" },
    "$833.33",
    [
      "Indoor climate-controlled storage, September 1, 2027 to October 15, 2027: 1 month and 14 days at $125 a month, less than the summer package ($575)",
      "Winter package, indoor climate-controlled, October 15, 2027 to April 15, 2028",
    ],
  ],
  [
    "the same stay by the month",
    { kind: "indoor", plan: "monthly", start: "2027-09-01", end: "2028-04-15" },
    "$933.33",
    ["Indoor climate-controlled storage, September 1, 2027 to April 15, 2028: 7 months and 14 days at $125 a month"],
  ],
  [
    "two months of winter",
    { kind: "indoor", plan: "package", start: "2027-11-01", end: "2028-01-01" },
    "$250.00",
    ["Indoor climate-controlled storage, November 1, 2027 to January 1, 2028: 2 months at $125 a month, less than the winter package ($650)"],
  ],
  [
    "a summer package with add-ons",
    { kind: "outdoor", plan: "package", start: "2027-05-01", end: "2027-09-30", addOns: ["maintenance", "pre-season-prep"] },
    "$748.33",
    ["Summer package, covered outdoor, May 1, 2027 to September 30, 2027", "Maintenance add-on: 4 months and 29 days at $50 a month", "Pre-season preparation"],
  ],
  [
    "a month ending on a leap day",
    { kind: "indoor", plan: "monthly", start: "2028-01-31", end: "2028-02-29" },
    "$125.00",
    ["Indoor climate-controlled storage, January 31, 2028 to February 29, 2028: 1 month at $125 a month"],
  ],
];

describe("quoteStorage: the decision's table", () => {
  it("has the decision's rows, no more and no fewer, with its totals", () => {
    const record = readFileSync(new URL("../docs/decisions/0068-storage-and-service-rules.md", import.meta.url), "utf8");
    const table = record.slice(record.indexOf("## Tested cases"), record.indexOf("## Not chosen"));
    const rows = [...table.matchAll(/^\| ([^|]+?) +\|[^|]+\|[^|]+\| (\$[\d,.]+) +\|$/gm)].map((m) => [m[1]!.toLowerCase(), m[2]]);
    expect(rows).toEqual(DECISION_ROWS.map(([name, , total]) => [name, total]));
  });

  it.each(DECISION_ROWS)("%s", (_, input, total, labels) => {
    const r = quoteStorage(input);
    if (!r.ok) throw new Error(r.error);
    expect(formatCents(r.quote.totalCents)).toBe(total);
    expect(r.quote.lines.map((l) => l.label)).toEqual(labels);
  });
});

describe("quoteStorage", () => {
  it("prices each line in cents that add up to the total", () => {
    const r = quoteStorage(DECISION_ROWS[4]![1]);
    expect(r.ok && r.quote.lines.map((l) => formatCents(l.cents))).toEqual(["$183.33", "$650.00"]);
  });

  it("gives a package for a whole season, and a day past it by the day", () => {
    const r = quoteStorage({ kind: "outdoor", plan: "package", start: "2027-10-15", end: "2028-04-16" });
    expect(r.ok && r.quote.lines.map((l) => `${l.label}: ${formatCents(l.cents)}`)).toEqual([
      "Winter package, covered outdoor, October 15, 2027 to April 15, 2028: $400.00",
      "Covered outdoor storage, April 15, 2028 to April 16, 2028: 1 day at $75 a month: $2.50",
    ]);
  });

  it("counts a month ending in February the same in a leap year and in another", () => {
    const feb = (year: number) => quoteStorage({ kind: "indoor", plan: "monthly", start: `${year}-02-01`, end: `${year}-03-01` });
    expect([feb(2027), feb(2028)].map((r) => r.ok && formatCents(r.quote.totalCents))).toEqual(["$125.00", "$125.00"]);
  });

  it.each([
    [{ kind: "indoor", plan: "package", start: "2027-04-16", end: "2027-04-30" }, STORAGE_MESSAGES.noSeason],
    [{ kind: "indoor", plan: "monthly", start: "2027-03-10", end: "2027-03-10" }, "The collection day must be after the drop-off day"],
    [{ kind: "indoor", plan: "monthly", start: "2027-02-30", end: "2027-03-10" }, "Choose the day you drop the cart off and the day you collect it"],
  ] as const)("refuses %o in words", (input, error) => {
    expect(quoteStorage(input)).toEqual({ ok: false, error });
  });

  it("says which seasons a package plan needs", () => {
    expect(STORAGE_MESSAGES.noSeason).toBe(
      "That stay is outside both seasons (winter October 15 to April 15, summer May 1 to September 30): choose the monthly plan",
    );
  });
});
