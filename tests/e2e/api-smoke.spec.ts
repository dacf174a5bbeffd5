import { test, expect } from "./fixtures";

test("the API answers health and the catalogue", async ({ request }) => {
  expect((await request.get("/api/health")).status()).toBe(200);
  const list = await request.get("/api/vehicles");
  expect(list.status()).toBe(200);
  const vehicles = (await list.json()) as { id: string }[];
  expect(vehicles.map((v) => v.id)).toContain("denago-ev-city");
});
