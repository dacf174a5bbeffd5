import { describe, expect, it } from "vitest";
import { fieldErrors } from "./contact";
import { JSDOM } from "jsdom";
import { LeadSchema, type Lead } from "./lead";
import { leadToAdf } from "./lead-adf";
import { firstSite } from "./site-seed";
import { TRADE_IN_MESSAGES, TradeInRequestSchema, tradeInLabel, tradeInMessage, tradeInYearMax, usageLabel } from "./trade-in";

const form = { year: "2019", make: "Club Car", model: "Onward", condition: "good", usage: "1200", usageUnit: "hours" };
const errorsOf = (body: unknown) => {
  const parsed = TradeInRequestSchema.safeParse(body);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("a trade-in as a visitor sends it", () => {
  it("takes the form's strings as numbers, trimmed", () => {
    expect(TradeInRequestSchema.parse({ ...form, make: "  Club Car " })).toEqual({
      year: 2019,
      make: "Club Car",
      model: "Onward",
      condition: "good",
      usage: 1200,
      usageUnit: "hours",
    });
  });

  it("takes JSON numbers, an empty usage as not known, and hours when no unit is given", () => {
    const { usageUnit: _unit, ...rest } = form;
    expect(TradeInRequestSchema.parse({ ...rest, year: 2019, usage: "" })).toMatchObject({ year: 2019, usage: undefined, usageUnit: "hours" });
    expect(TradeInRequestSchema.parse({ ...form, usage: 0, usageUnit: "miles" })).toMatchObject({ usage: 0, usageUnit: "miles" });
  });

  it("refuses a year before 1950 or after next year, or not a year at all, in words", () => {
    const message = TRADE_IN_MESSAGES.year(tradeInYearMax());
    expect(message).toMatch(/^Enter the model year as four digits, from 1950 to \d{4}$/);
    for (const year of ["1949", String(tradeInYearMax() + 1), "20x9", "", "2019.5", -2019, 2019.5, null])
      expect(errorsOf({ ...form, year }), String(year)).toEqual({ year: message });
    expect(errorsOf({ ...form, year: String(tradeInYearMax()) })).toEqual({});
    expect(errorsOf({ ...form, year: "1950" })).toEqual({});
  });

  it("refuses negative, fractional or huge hours and miles", () => {
    for (const usage of ["-1", -1, "1.5", 1.5, "1000000", "lots"])
      expect(errorsOf({ ...form, usage }), String(usage)).toEqual({ usage: TRADE_IN_MESSAGES.usage });
    expect(errorsOf({ ...form, usageUnit: "km" })).toEqual({ usageUnit: TRADE_IN_MESSAGES.usageUnit });
  });

  it("says what is missing, field by field", () => {
    expect(errorsOf({})).toEqual({
      year: TRADE_IN_MESSAGES.year(tradeInYearMax()),
      make: TRADE_IN_MESSAGES.make,
      model: TRADE_IN_MESSAGES.model,
      condition: TRADE_IN_MESSAGES.condition,
    });
    expect(errorsOf({ ...form, make: " ", model: "x".repeat(81), condition: "mint" })).toEqual({
      make: TRADE_IN_MESSAGES.make,
      model: TRADE_IN_MESSAGES.model,
      condition: TRADE_IN_MESSAGES.condition,
    });
  });

  it("refuses a line break in the make or model", () => {
    expect(errorsOf({ ...form, make: "Club\nCar" })).toEqual({ make: TRADE_IN_MESSAGES.make });
  });
});

describe("a trade-in in words", () => {
  const t = TradeInRequestSchema.parse(form);
  it("names the cart, its condition and its use", () => {
    expect(tradeInLabel(t)).toBe("2019 Club Car Onward, good condition, 1,200 hours");
    expect(usageLabel({ usage: 1, usageUnit: "miles" })).toBe("1 mile");
    expect(usageLabel({ usageUnit: "hours" })).toBe("hours not given");
    expect(tradeInMessage(t)).toBe("I would like to trade in my 2019 Club Car Onward, good condition, 1,200 hours.");
  });
});

describe("a stored lead's trade-in", () => {
  const lead = {
    id: "l1",
    createdAt: "2026-11-27T12:00:00.000Z",
    firstName: "Ann",
    lastName: "Lee",
    email: "ann@example.com",
    phone: "302-555-0100",
    interest: "sales",
    message: "I would like to trade in my cart.",
    kind: "trade-in",
    origin: null,
    source: null,
  };
  it("keeps its facts and photos, and refuses a photo key that could name another file", () => {
    const tradeIn = {
      year: 2019,
      make: "Club Car",
      model: "Onward",
      condition: "good",
      usageUnit: "hours",
      photos: [{ key: "a".repeat(24), width: 1600, height: 1200 }],
    };
    expect(LeadSchema.parse({ ...lead, tradeIn }).tradeIn).toEqual(tradeIn);
    expect(LeadSchema.safeParse({ ...lead, tradeIn: { ...tradeIn, photos: [{ key: "../../etc/passwd", width: 1, height: 1 }] } }).success).toBe(false);
    expect(LeadSchema.parse(lead).tradeIn).toBeUndefined();
  });
});

describe("a trade-in in the lead's ADF", () => {
  const base = LeadSchema.parse({
    id: "lead-9",
    createdAt: "2026-11-27T12:00:00.000Z",
    firstName: "Ann",
    lastName: "Lee",
    email: "ann@example.com",
    phone: "302-555-0100",
    message: "I would like to trade in my cart <& more>.",
    kind: "trade-in",
    vehicleId: "denago-ev-rover-xl6-d1042",
    vehicle: { id: "denago-ev-rover-xl6-d1042", name: "Denago EV Rover XL6", brand: "DENAGO", condition: "new", year: 2026, price: 14995 },
    origin: null,
    source: null,
  });
  const vehicles = (lead: Lead) => {
    const doc = new new JSDOM().window.DOMParser().parseFromString(leadToAdf(lead, firstSite()), "application/xml");
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    return [...doc.querySelectorAll("prospect > vehicle")];
  };
  const key = "0123456789abcdef01234567";

  it("adds <vehicle interest=trade-in status=used> after the cart of interest, with year, make, model and condition", () => {
    const tradeIn = {
      year: 2019,
      make: "Club & Car",
      model: "Onward",
      condition: "fair" as const,
      usage: 1200,
      usageUnit: "hours" as const,
      photos: [{ key, width: 1600, height: 1200 }],
    };
    const [buy, trade] = vehicles({ ...base, tradeIn });
    expect(buy!.getAttribute("interest")).toBe("buy");
    expect(trade!.getAttribute("interest")).toBe("trade-in");
    expect(trade!.getAttribute("status")).toBe("used");
    expect([...trade!.children].map((c) => [c.tagName, c.textContent])).toEqual([
      ["year", "2019"],
      ["make", "Club & Car"],
      ["model", "Onward"],
      ["condition", "fair"],
      ["comments", "Trade-in. Hour meter: 1,200 hours. 1 photo on the lead in the staff console."],
    ]);
  });

  it("puts miles in <odometer units=mi>", () => {
    const tradeIn = { year: 2021, make: "EZGO", model: "Liberty", condition: "good" as const, usage: 3400, usageUnit: "miles" as const, photos: [] };
    const trade = vehicles({ ...base, tradeIn })[1]!;
    const odometer = trade.querySelector("odometer")!;
    expect([odometer.getAttribute("units"), odometer.textContent]).toEqual(["mi", "3400"]);
    expect(trade.querySelector("comments")!.textContent).toBe("Trade-in. No photos.");
  });

  it("adds nothing to a lead without a trade-in", () => {
    expect(vehicles(base)).toHaveLength(1);
  });
});
