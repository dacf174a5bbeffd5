import type { Vehicle } from "../vehicle";

/** A plain new Evolution D5 Ranger at $10,000 named after its id, with `over` on top: the rows of a filter test's table. */
export const testVehicle = (id: string, over: Partial<Vehicle> = {}): Vehicle => ({
  id,
  name: id,
  description: "",
  price: 10000,
  brand: "Evolution",
  category: "D5 Ranger",
  images: [],
  inStock: true,
  isNew: true,
  features: [],
  specifications: { seatingCapacity: 4, range: "40 miles" },
  featured: false,
  condition: "new",
  status: "available",
  ...over,
});
