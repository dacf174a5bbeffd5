import { seedCatalogue } from "../../../domain/catalogue/seed";
import { VehicleSchema } from "../../../domain/vehicle";
import { EMPTY_FORM, toFormValues, toVehicleInput, VehicleFormSchema, type VehicleFormValues } from "./form-values";

const form = (patch: Partial<VehicleFormValues> & { specs?: Partial<VehicleFormValues["specifications"]> } = {}): VehicleFormValues => {
  const { specs, ...rest } = patch;
  return { ...EMPTY_FORM, ...rest, specifications: { ...EMPTY_FORM.specifications, ...specs } };
};

describe("vehicle form values", () => {
  it.each(seedCatalogue().map((v) => [v.id, v] as const))("%s survives the form unchanged", (_id, vehicle) => {
    expect(VehicleSchema.parse(toVehicleInput(toFormValues(vehicle)))).toEqual(vehicle);
  });

  it("carries every unit field through the form, numbers as numbers", () => {
    const unit = {
      stockNumber: "U-7001",
      vin: "1M8GDM9AXKP042788",
      serialNumber: "EV2403-118842",
      year: 2024,
      color: "Champagne",
      hours: 35,
      odometer: 120,
      streetLegal: true,
      cost: 6_100,
      receivedAt: "2026-09-01",
      location: "cape-may",
    };
    const vehicle = VehicleSchema.parse({ ...seedCatalogue()[0]!, condition: "used", ...unit });
    expect(toFormValues(vehicle)).toMatchObject({ year: "2024", cost: "6100", vin: "1M8GDM9AXKP042788" });
    expect(VehicleSchema.parse(toVehicleInput(toFormValues(vehicle)))).toEqual(vehicle);
  });

  it("refuses a mistyped VIN under the VIN field, in the core's words", () => {
    const result = VehicleFormSchema.safeParse({ ...toFormValues(seedCatalogue()[0]!), vin: "1M8GDM9A1KP042788" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["vin", 'This VIN\'s check digit (9th character) is "1" but its other characters give "X": a character is mistyped'],
    ]);
  });

  it.each([
    ["plain number", "40", 40],
    ["decimal", "3.5", 3.5],
    ["with a unit", "40 miles", "40 miles"],
    ["padded", "  25 mph ", "25 mph"],
  ])("range as %s", (_what, typed, sent) => {
    expect(toVehicleInput(form({ specs: { range: typed } })).specifications.range).toEqual(sent);
  });

  it.each([
    ["images", "a.svg\n\n  b.svg  \n", ["a.svg", "b.svg"]],
    ["features", "Lithium\nLift kit\n", ["Lithium", "Lift kit"]],
  ] as const)("%s: one a line, blank lines dropped", (field, typed, sent) => {
    expect(toVehicleInput(form({ [field]: typed }))[field]).toEqual(sent);
  });

  it.each([
    ["id", { id: "" }, "id"],
    ["externalUrl", { externalUrl: "  " }, "externalUrl"],
  ] as const)("a blank optional %s is left out", (_f, patch, key) => {
    expect(key in toVehicleInput(form(patch))).toBe(false);
  });

  it("keeps specification keys the form does not name", () => {
    const input = toVehicleInput(form({ extraSpecifications: { vehicleType: "Street Legal" }, specs: { seatingCapacity: "4", range: "30 miles" } }));
    expect(input.specifications).toEqual({ vehicleType: "Street Legal", seatingCapacity: 4, range: "30 miles" });
  });

  it("reports errors in the core schema's own words, at the core's paths", () => {
    const result = VehicleFormSchema.safeParse(form({ price: "-5", specs: { seatingCapacity: "two" }, externalUrl: "not a url" }));
    expect(result.success).toBe(false);
    const core = VehicleSchema.safeParse({ ...toVehicleInput(form({ price: "-5", specs: { seatingCapacity: "two" }, externalUrl: "not a url" })), id: "x" });
    const byPath = (issues: { path: PropertyKey[]; message: string }[]) => Object.fromEntries(issues.map((i) => [i.path.join("."), i.message]));
    expect(byPath(result.error!.issues)).toEqual(byPath(core.error!.issues));
    expect(Object.keys(byPath(result.error!.issues))).toEqual(
      expect.arrayContaining(["name", "price", "specifications.seatingCapacity", "specifications.range", "externalUrl"]),
    );
  });
});

describe("a new vehicle's id", () => {
  it("may be left to the API when the name yields one, and not otherwise", () => {
    const base = toFormValues(seedCatalogue()[0]!);
    expect(VehicleFormSchema.safeParse({ ...base, id: "", name: "Brand New Cart" }).success).toBe(true);
    const nameless = VehicleFormSchema.safeParse({ ...base, id: "", name: "!!!" });
    expect(nameless.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["name", "The name needs at least one letter or digit"]]);
  });
});
