/**
 * Staff console tests: accounts made with the real CLI (`npm run staff`) in
 * the e2e server's DATA_DIR, sessions from the real sign-in, vehicles made
 * and cleaned up through the real staff API. Each test uses its own vehicles,
 * in a brand no public page lists, so tests running beside it see no change.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import type { Vehicle, VehicleInput } from "../../domain/vehicle";
import { E2E_DATA_DIR, SITE } from "../../playwright.config";
import { expect, test as base } from "./fixtures";

export { expect };

/** A brand of our own, so the test vehicles change no brand page's lineup. */
export const TEST_BRAND = "E2E Test Motors";

export interface StaffAccount {
  email: string;
  password: string;
  role: "owner" | "sales";
}

/** `npm run staff -- add EMAIL --role ROLE` with the password on stdin, as docs/staff/accounts.md says. */
export function addAccountWithCli(role: "owner" | "sales" = "owner", name = role): StaffAccount {
  const account = { email: `${name}-${randomBytes(4).toString("hex")}@staff.example.test`, password: `pw-${randomBytes(9).toString("base64url")}`, role };
  const run = spawnSync("npm", ["run", "--silent", "staff", "--", "add", account.email, "--role", role], {
    input: `${account.password}\n`,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`npm run staff -- add failed (${run.status}): ${run.stderr}`);
  return account;
}

/** A signed-in API client (no Origin header: a script, as the contract allows). */
export async function signedInApi(account: StaffAccount): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: SITE });
  const res = await api.post("/api/staff/session", { data: { email: account.email, password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** A vehicle of the test brand, unique to the calling test. */
export function testVehicle(patch: Partial<VehicleInput> = {}): VehicleInput {
  const tag = randomBytes(4).toString("hex");
  return {
    id: `e2e-cart-${tag}`,
    name: `E2E Cart ${tag}`,
    description: "A cart made by an end-to-end test.",
    price: 9_999,
    brand: TEST_BRAND,
    category: "Test Fleet",
    images: ["/images/placeholder-vehicle.svg"],
    inStock: true,
    isNew: true,
    features: ["Made by a test"],
    specifications: { seatingCapacity: 4, range: "30 miles", topSpeed: "19 mph", batteryType: "Lithium", chargingTime: "5 hours", payload: "800 lbs" },
    featured: false,
    condition: "new",
    status: "available",
    ...patch,
  };
}

interface StaffFixtures {
  /** The worker's owner account, made with the CLI. */
  owner: StaffAccount;
  /** The owner's signed-in API client. */
  ownerApi: APIRequestContext;
  /** Makes a vehicle through the API; every one is deleted after the test. */
  makeVehicle: (patch?: Partial<VehicleInput>) => Promise<Vehicle>;
  /** The page, signed in as the worker's owner through the console's form. */
  signedInPage: Page;
}

export const test = base.extend<StaffFixtures, { workerOwner: StaffAccount; workerOwnerApi: APIRequestContext }>({
  workerOwner: [async ({}, use) => use(addAccountWithCli("owner")), { scope: "worker" }],
  workerOwnerApi: [
    async ({ workerOwner }, use) => {
      const api = await signedInApi(workerOwner);
      await use(api);
      await api.dispose();
    },
    { scope: "worker" },
  ],
  owner: async ({ workerOwner }, use) => use(workerOwner),
  ownerApi: async ({ workerOwnerApi }, use) => use(workerOwnerApi),
  makeVehicle: async ({ ownerApi }, use) => {
    const made: string[] = [];
    await use(async (patch) => {
      const res = await ownerApi.post("/api/staff/vehicles", { data: testVehicle(patch) });
      expect(res.status(), await res.text()).toBe(201);
      const vehicle = (await res.json()) as Vehicle;
      made.push(vehicle.id);
      return vehicle;
    });
    for (const id of made) await ownerApi.delete(`/api/staff/vehicles/${id}`);
  },
  signedInPage: async ({ page, owner }, use) => {
    await signInWithForm(page, owner);
    await use(page);
  },
});

/** Signs in through the console's form. */
export async function signInWithForm(page: Page, account: StaffAccount): Promise<void> {
  await page.goto("/staff");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
}
