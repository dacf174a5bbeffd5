import { describe, expect, it } from "vitest";
import { estimatePayment, formatCents, paymentFromFields, startingApr, startingInput, type PaymentInput } from "./payment";

describe("estimatePayment", () => {
  // Monthly payments from the amortisation formula as lenders' published calculators give them (to the cent); the last
  // payment is what the schedule leaves owing, so the total is the payments' sum.
  it.each<[PaymentInput, { monthly: string; last: string; total: string }]>([
    [
      { price: 10_000, down: 0, termMonths: 60, apr: 6.99 },
      { monthly: "$197.96", last: "$198.32", total: "$11,877.96" },
    ],
    [
      { price: 20_000, down: 0, termMonths: 60, apr: 5 },
      { monthly: "$377.42", last: "$377.74", total: "$22,645.52" },
    ],
    [
      { price: 17_000, down: 2_000, termMonths: 36, apr: 3.9 },
      { monthly: "$442.19", last: "$442.29", total: "$17,918.94" },
    ],
    [
      { price: 12_000, down: 0, termMonths: 24, apr: 4.5 },
      { monthly: "$523.77", last: "$523.88", total: "$12,570.59" },
    ],
    [
      { price: 25_000, down: 0, termMonths: 72, apr: 7.49 },
      { monthly: "$432.13", last: "$432.22", total: "$31,113.45" },
    ],
    [
      { price: 9_500, down: 1_000, termMonths: 48, apr: 12.5 },
      { monthly: "$225.93", last: "$225.93", total: "$11,844.64" },
    ],
    // 0% APR: the price spread evenly, rounded to the nearest cent, the last payment taking up the rounding: the total is
    // the price, never a cent more.
    [
      { price: 10_000, down: 0, termMonths: 60, apr: 0 },
      { monthly: "$166.67", last: "$166.47", total: "$10,000.00" },
    ],
    [
      { price: 1_000, down: 0, termMonths: 72, apr: 0 },
      { monthly: "$13.89", last: "$13.81", total: "$1,000.00" },
    ],
    [
      { price: 11_995, down: 1_200, termMonths: 60, apr: 0 },
      { monthly: "$179.92", last: "$179.72", total: "$11,995.00" },
    ],
    [
      { price: 12_995, down: 1_300, termMonths: 48, apr: 0 },
      { monthly: "$243.65", last: "$243.45", total: "$12,995.00" },
    ],
  ])("%o", (input, expected) => {
    const e = estimatePayment(input);
    expect({ monthly: formatCents(e.monthlyCents), last: formatCents(e.lastCents), total: formatCents(e.totalCents) }).toEqual(expected);
    expect(e.totalCents).toBe(input.down * 100 + e.monthlyCents * (input.termMonths - 1) + e.lastCents);
    expect(e.interestCents).toBe(e.totalCents - input.price * 100);
  });
});

describe("paymentFromFields", () => {
  const start = startingInput(12_995, 6.99);

  it("starts at the vehicle's price, a tenth down in hundreds, 60 months and the given rate", () => {
    expect(start).toEqual({ price: 12_995, down: 1_300, termMonths: 60, apr: 6.99 });
  });

  it("takes figures as people type them", () => {
    const r = paymentFromFields({ price: "$12,995", down: " 2,000 ", termMonths: "36", apr: "4.5 %" }, start);
    expect("input" in r && r.input).toEqual({ price: 12_995, down: 2_000, termMonths: 36, apr: 4.5 });
  });

  it.each<[Partial<Record<keyof PaymentInput, string>>, string]>([
    [{ down: "13000" }, "Down payment must be less than the price"],
    [{ down: "-5" }, "Down payment cannot be negative"],
    [{ termMonths: "18" }, "Term must be one of 24, 36, 48, 60, 72 months"],
    [{ apr: "abc" }, "APR must be a number"],
    [{ apr: "40" }, "APR must be at most 36%"],
    [{ price: "" }, "Price must be a number of dollars"],
    [{ price: "12.50" }, "Price must be a whole number of dollars"],
    [{ price: "2000000" }, "Price must be from $1 to $1,000,000"],
  ])("%o: %s, the figures kept as typed", (given, message) => {
    const r = paymentFromFields(given, start);
    expect("error" in r && r.error).toBe(message);
    for (const [k, v] of Object.entries(given)) expect(r.fields[k as keyof PaymentInput]).toBe(v);
  });
});

describe("startingApr", () => {
  it.each([
    [{ defaultApr: 5.49, zeroApr: ["ev-rover"] }, "ev-rover", 0],
    [{ defaultApr: 5.49, zeroApr: ["ev-rover"] }, "ev-city", 5.49],
    [{}, "ev-city", 6.99],
    [undefined, "ev-city", 6.99],
  ])("%o, %s: %d%", (terms, id, apr) => expect(startingApr(terms, id)).toBe(apr));
});
