import { describe, expect, it } from "vitest";
import { fromLocalDateTime } from "./local-time";
import { daysOverdue, dueDelinquencySteps, storageSpaceProblem, terminationEndDay, terminationText, type TakenStep } from "./storage-accounts";

const TZ = "America/New_York";
/** 9 AM at the shop on `day`. */
const at = (day: string) => fromLocalDateTime(`${day}T09:00`, TZ);

describe("storageSpaceProblem", () => {
  const spaces = { indoor: 2, outdoor: 1 };
  const contracts = [
    { kind: "indoor", start: "2027-10-15", end: "2028-04-15" },
    { kind: "indoor", start: "2027-11-01", end: "2027-12-01" },
    { kind: "outdoor", start: "2027-10-01" },
  ] as const;

  it.each([
    ["indoor, on the days both spaces are taken", { kind: "indoor", start: "2027-11-15", end: "2027-11-20" }, false],
    ["indoor, from the day a cart is collected", { kind: "indoor", start: "2027-12-01", end: "2028-01-01" }, true],
    ["indoor, up to the day a cart is dropped off", { kind: "indoor", start: "2027-10-20", end: "2027-11-01" }, true],
    ["indoor, running on with no end over a full month", { kind: "indoor", start: "2027-10-20" }, false],
    ["outdoor, beside a contract with no end", { kind: "outdoor", start: "2030-01-01", end: "2030-02-01" }, false],
    ["outdoor, before that contract begins", { kind: "outdoor", start: "2027-09-01", end: "2027-10-01" }, true],
  ] as const)("%s", (_, stay, fits) => {
    expect(storageSpaceProblem(contracts, stay, spaces) === null).toBe(fits);
  });

  it("says which storage is full, in words", () => {
    expect(storageSpaceProblem(contracts, { kind: "indoor", start: "2027-11-15", end: "2027-11-20" }, spaces)).toBe(
      "Indoor climate-controlled storage is full on some of those days (all 2 spaces are taken): choose other dates or the other kind of storage",
    );
    expect(storageSpaceProblem(contracts, { kind: "outdoor", start: "2028-01-01", end: "2028-02-01" }, spaces)).toBe(
      "Covered outdoor storage is full on some of those days (its one space is taken): choose other dates or the other kind of storage",
    );
  });
});

describe("dueDelinquencySteps", () => {
  const PAID_THROUGH = "2027-01-31";
  const due = (day: string, taken: TakenStep[] = []) => dueDelinquencySteps(PAID_THROUGH, at(day), taken, TZ).map((s) => s.task);

  it.each([
    ["2027-02-01", 0, []],
    ["2027-02-11", 10, []],
    ["2027-02-12", 11, ["Charge the $25 late fee"]],
    ["2027-03-03", 30, ["Charge the $25 late fee", "Mail a written notice of the overdue balance"]],
    [
      "2027-04-02",
      60,
      [
        "Charge the $25 late fee",
        "Mail a written notice of the overdue balance",
        "Mail the final written notice",
        "Phone the customer about the overdue balance",
      ],
    ],
  ] as const)("on %s (%i days overdue)", (day, overdue, tasks) => {
    expect(daysOverdue(PAID_THROUGH, day)).toBe(overdue);
    expect(due(day)).toEqual(tasks);
  });

  it("gives each step once for an overdue balance, whenever the scheduler runs", () => {
    const taken: TakenStep[] = [];
    const runs = ["2027-02-12", "2027-02-13", "2027-05-02", "2027-05-03", "2027-06-01", "2027-06-02"].map((day) => {
      const steps = dueDelinquencySteps(PAID_THROUGH, at(day), taken, TZ);
      taken.push(...steps.map((s) => ({ id: s.id, paidThrough: PAID_THROUGH })));
      return steps.map((s) => s.id);
    });
    expect(runs).toEqual([["late-fee"], [], ["written-notice", "final-notice", "phone-call", "lien"], [], ["may-be-sold"], []]);
  });

  it("starts again for a new overdue balance once the account was paid up", () => {
    const taken: TakenStep[] = [{ id: "late-fee", paidThrough: PAID_THROUGH }];
    expect(dueDelinquencySteps("2027-02-28", at("2027-03-12"), taken, TZ).map((s) => s.id)).toEqual(["late-fee"]);
  });

  it("counts the site's day, not UTC's: 11 PM on the 11th is still the 11th at the shop", () => {
    expect(dueDelinquencySteps(PAID_THROUGH, fromLocalDateTime("2027-02-11T23:00", TZ), [], TZ)).toEqual([]);
  });
});

describe("terminationEndDay", () => {
  it.each([
    ["2027-01-10", "2027-02-09"],
    ["2027-02-01", "2027-03-03"],
    ["2028-02-01", "2028-03-02"],
  ])("notice on %s ends the agreement on %s", (notice, end) => expect(terminationEndDay(notice)).toBe(end));

  it("words it for the letter", () => {
    expect(terminationText("2027-01-10")).toBe("Notice given on January 10, 2027: the storage agreement ends on February 9, 2027.");
  });
});
