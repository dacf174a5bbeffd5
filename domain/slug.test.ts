import { describe, expect, it } from "vitest";
import { buildVehicleIndex, updateVehicleIndex } from "./slug";

describe("updateVehicleIndex: the index of the new ids, keying only the ids added or removed", () => {
  const before = ["evolution-d5-ranger-2-plus-2", "denago-rover-xl", "classic-4"];
  it.each([
    ["a price change (the same ids)", before],
    ["a vehicle added", [...before, "evolution-forester-6"]],
    ["a vehicle removed", [before[0]!, before[2]!]],
    ["one removed and one that shares its key added (the key moves)", [before[0]!, before[2]!, "evolution-rover-xl"]],
    ["every vehicle replaced", ["a-1", "b-2"]],
  ])("%s: the same as building it again", (_, ids) => {
    expect(updateVehicleIndex(buildVehicleIndex(before), before, ids)).toEqual(buildVehicleIndex(ids));
  });

  it("keeps the index itself when the ids are the same, and leaves the one it was given unchanged otherwise", () => {
    const index = buildVehicleIndex(before);
    expect(updateVehicleIndex(index, before, [...before])).toBe(index);
    updateVehicleIndex(index, before, [before[0]!]);
    expect(index).toEqual(buildVehicleIndex(before));
  });

  it("refuses an added id that shares a key with a vehicle that stays, as buildVehicleIndex does", () => {
    const ids = [...before, "evolution-rover-xl"];
    expect(() => buildVehicleIndex(ids)).toThrow(/"rover-xl" is claimed by both denago-rover-xl and evolution-rover-xl/);
    expect(() => updateVehicleIndex(buildVehicleIndex(before), before, ids)).toThrow(/"rover-xl" is claimed by both denago-rover-xl and evolution-rover-xl/);
  });
});
