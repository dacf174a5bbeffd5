/** The sites a cart is shown on, as an edit of the vehicle form sends them: `null` is every site. */
import { describe, expect, it } from "vitest";
import { testVehicle } from "./testing/test-vehicle";
import { applyVehicleEdit, EDITABLE_VEHICLE_FIELDS, editConflicts, vehicleEdit, VehicleEditSchema } from "./vehicle-edit";

describe("an edit of a cart's sites", () => {
  const capeOnly = testVehicle("cart", { sites: ["cape-may"] });
  const everywhere = testVehicle("cart");

  it("is an editable field", () => expect(EDITABLE_VEHICLE_FIELDS).toContain("sites"));

  it("back to every site sends null, based on the list loaded, and applies as no list", () => {
    const edit = vehicleEdit(capeOnly, everywhere);
    expect(edit).toEqual({ changes: { sites: null }, base: { sites: ["cape-may"] } });
    expect(VehicleEditSchema.safeParse(edit).success).toBe(true);
    expect(applyVehicleEdit(capeOnly, edit.changes)).not.toHaveProperty("sites");
    expect(editConflicts(capeOnly, edit)).toEqual([]);
  });

  it("conflicts when someone else changed the list since, and not when they made it what this edit makes it", () => {
    const edit = vehicleEdit(everywhere, capeOnly);
    expect(edit).toEqual({ changes: { sites: ["cape-may"] }, base: { sites: null } });
    expect(editConflicts(testVehicle("cart", { sites: ["sussex-coast"] }), edit)).toEqual(["sites"]);
    expect(editConflicts(capeOnly, edit)).toEqual([]);
    expect(editConflicts(everywhere, edit)).toEqual([]);
  });
});
