import { describe, expect, it } from "vitest";
import { BulkRequestSchema, bulkEdit, bulkPriceProblem, changedPrice, describeBulkChange, type BulkChange } from "./inventory-bulk";

describe("changedPrice", () => {
  it.each<[number, BulkChange & { kind: "price-amount" | "price-percent" }, number]>([
    [9_595, { kind: "price-amount", amount: -500 }, 9_095],
    [9_595, { kind: "price-amount", amount: 1_000 }, 10_595],
    [9_595, { kind: "price-percent", percent: -5 }, 9_115],
    [9_595, { kind: "price-percent", percent: 10 }, 10_555],
    [10_000, { kind: "price-percent", percent: 2.5 }, 10_250],
    [12_995, { kind: "price-percent", percent: -7.5 }, 12_020],
    [1, { kind: "price-percent", percent: -40 }, 1],
    [1, { kind: "price-percent", percent: -60 }, 0],
  ])("%d with %j → %d", (price, change, expected) => expect(changedPrice(price, change)).toBe(expected));
});

describe("rounding", () => {
  it.each<[number, BulkChange & { kind: "price-amount" | "price-percent" }, number]>([
    [11_450, { kind: "price-percent", percent: 10, rounding: "1" }, 12_595],
    [11_451, { kind: "price-percent", percent: 10 }, 12_596],
    [11_451, { kind: "price-percent", percent: 10, rounding: "5" }, 12_595],
    [11_451, { kind: "price-percent", percent: 10, rounding: "10" }, 12_600],
    [11_451, { kind: "price-percent", percent: 10, rounding: "100" }, 12_600],
    [11_451, { kind: "price-percent", percent: 10, rounding: "95" }, 12_595],
    [11_451, { kind: "price-percent", percent: 10, rounding: "99" }, 12_599],
    [12_995, { kind: "price-amount", amount: -560, rounding: "95" }, 12_395],
    [60, { kind: "price-amount", amount: -20, rounding: "99" }, 99],
  ])("%d with %j → %d", (price, change, expected) => expect(changedPrice(price, change)).toBe(expected));
});

describe("bulkPriceProblem", () => {
  it("refuses a price below the cart's cost unless the change says it is meant", () => {
    const cart = { name: "Cart", price: 10_900, cost: 9_000 };
    expect(bulkPriceProblem(cart, { kind: "price-percent", percent: -99.99 })).toBe("Cart: $10,900 would become $1, below its cost of $9,000");
    expect(bulkPriceProblem(cart, { kind: "price-amount", amount: -1_900 })).toBeUndefined();
    expect(bulkPriceProblem(cart, { kind: "price-amount", amount: -1_901 })).toMatch(/below its cost/);
    expect(bulkPriceProblem(cart, { kind: "price-percent", percent: -99.99, belowCost: true })).toBeUndefined();
    expect(bulkPriceProblem({ name: "Cart", price: 10_900 }, { kind: "price-percent", percent: -50 })).toBeUndefined();
  });

  it.each<[number, BulkChange, string | undefined]>([
    [9_595, { kind: "price-amount", amount: -500 }, undefined],
    [9_595, { kind: "status", status: "sold" }, undefined],
    [400, { kind: "price-amount", amount: -400 }, "Cart: $400 would become $0, and a price must be from $1 to $250,000"],
    [240_000, { kind: "price-percent", percent: 5 }, "Cart: $240,000 would become $252,000, and a price must be from $1 to $250,000"],
    [250_000, { kind: "price-amount", amount: 1 }, "Cart: $250,000 would become $250,001, and a price must be from $1 to $250,000"],
  ])("%d with %j → %s", (price, change, expected) => expect(bulkPriceProblem({ name: "Cart", price }, change)).toBe(expected));
});

it("makes the edit of vehicle-edit.ts: the new value from the value the list showed", () => {
  expect(bulkEdit({ kind: "price-percent", percent: -10 }, { price: 10_000 })).toEqual({ changes: { price: 9_000 }, base: { price: 10_000 } });
  expect(bulkEdit({ kind: "status", status: "sold" }, { status: "on-hold" })).toEqual({ changes: { status: "sold" }, base: { status: "on-hold" } });
});

it.each<[BulkChange, number, string]>([
  [{ kind: "status", status: "sold" }, 5, "Mark 5 carts sold?"],
  [{ kind: "status", status: "on-hold" }, 1, "Mark 1 cart on hold?"],
  [{ kind: "price-percent", percent: -5 }, 20, "Lower the price of 20 carts by 5%?"],
  [{ kind: "price-amount", amount: 1_500 }, 1_200, "Raise the price of 1,200 carts by $1,500?"],
])("%j of %d carts reads %s", (change, count, words) => expect(describeBulkChange(change, count)).toBe(words));

describe("BulkRequestSchema", () => {
  const first = (body: unknown) => {
    const r = BulkRequestSchema.safeParse(body);
    return r.success ? "ok" : r.error.issues[0]!.message;
  };
  it.each<[unknown, string]>([
    [{ change: { kind: "status", status: "sold" }, vehicles: [{ id: "a", base: { status: "available" } }] }, "ok"],
    [{ change: { kind: "status", status: "gone" }, vehicles: [{ id: "a", base: {} }] }, "Status must be one of available, on-hold, sold"],
    [
      { change: { kind: "discount" }, vehicles: [] },
      "The change must be a status, a price amount, a price percentage, or a site to show the carts on or take them off",
    ],
    [{ change: { kind: "price-amount", amount: 1.5 }, vehicles: [] }, "The amount must be a whole number of dollars other than 0, from -$250,000 to $250,000"],
    [{ change: { kind: "price-percent", percent: -100 }, vehicles: [] }, "The percentage must be a number other than 0, above -100 and at most 1000"],
    [{ change: { kind: "status", status: "sold" }, vehicles: [] }, "Select at least one cart"],
    [
      { change: { kind: "price-amount", amount: 5 }, vehicles: [{ id: "a", base: { status: "sold" } }] },
      "Give each cart's value of the changed field as the list showed it (base)",
    ],
    [
      {
        change: { kind: "status", status: "sold" },
        vehicles: [
          { id: "a", base: { status: "sold" } },
          { id: "a", base: { status: "sold" } },
        ],
      },
      "Name each cart once",
    ],
  ])("%j → %s", (body, expected) => expect(first(body)).toBe(expected));
});

describe("showing carts on a site, or taking them off one", () => {
  const SITES = ["sussex-coast", "cape-may", "ocean-city"];
  const add = { kind: "site-add", site: "cape-may" } as const;
  const remove = { kind: "site-remove", site: "cape-may" } as const;

  it.each([
    ["a cart on one other site gets it added", add, ["sussex-coast"], ["sussex-coast", "cape-may"]],
    ["a cart on every site stays on every site", add, null, null],
    ["a cart already on it keeps its list", add, ["cape-may"], ["cape-may"]],
    ["a cart on every site taken off it gets every other current site", remove, null, ["sussex-coast", "ocean-city"]],
    ["a cart on it and another keeps the other", remove, ["cape-may", "ocean-city"], ["ocean-city"]],
    ["a cart not on it keeps its list", remove, ["ocean-city"], ["ocean-city"]],
    ["a cart on it only is left with none, for the schema to refuse", remove, ["cape-may"], []],
  ] as const)("%s", (_, change, base, sites) => {
    expect(bulkEdit(change, { sites: base }, SITES)).toEqual({ changes: { sites }, base: { sites: base } });
  });

  it("compares the list of sites the list showed: a cart naming none is sent as null", () => {
    const request = { change: remove, vehicles: [{ id: "a", base: { sites: null } }] };
    expect(BulkRequestSchema.safeParse(request).success).toBe(true);
    expect(BulkRequestSchema.safeParse({ ...request, vehicles: [{ id: "a", base: { status: "sold" } }] }).error?.issues[0]?.message).toBe(
      "Give each cart's value of the changed field as the list showed it (base)",
    );
    expect(
      BulkRequestSchema.safeParse({ change: { kind: "site-add", site: "Cape May!" }, vehicles: [{ id: "a", base: { sites: null } }] }).error?.issues[0]
        ?.message,
    ).toBe("The site must be a site id, like cape-may");
  });

  it("asks in words, naming the site", () => {
    const name = (id: string) => (id === "cape-may" ? "Cape May" : id);
    expect(describeBulkChange(add, 3, name)).toBe("Show 3 carts on Cape May?");
    expect(describeBulkChange(remove, 1, name)).toBe("Take 1 cart off Cape May?");
    expect(bulkPriceProblem({ name: "X", price: 1, cost: 5 }, add)).toBeUndefined();
  });
});
