/**
 * A vehicle's images are its uploaded photos (stored here) and the site's own images (/images/…): any other path of
 * the site, or a photo that is not stored, would show as a broken image, and is refused naming the image.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Vehicle } from "../domain/vehicle";
import { call, signIn } from "./testing/staff-client";
import { startTestServer, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

describe("a vehicle's images", () => {
  let s: TestServer;
  let cookie: string;
  let template: Omit<Vehicle, "id">;
  beforeAll(async () => {
    s = await startTestServer();
    await s.staff.accounts.add({ email: "sales@example.com", password: "sales password 1", role: "sales" });
    cookie = await signIn(s, "sales@example.com", "sales password 1");
    const { id: _id, ...rest } = s.vehicles.all()[0]!;
    template = rest;
  });
  afterAll(() => s?.close());

  const create = (images: string[], n: number) =>
    call(s, "POST", "/api/staff/vehicles", { cookie, body: { ...template, name: `Image Test ${n}`, stockNumber: `IMG-${n}`, images } });

  it.each([
    ["/photos/not-stored.jpg", null],
    ["/photos/0123456789abcdef0123-800x600.jpg", "This photo is not stored here: upload it instead"],
    ["/api/staff/session", null],
    ["/staff", null],
    ["/images/../../etc/passwd", null],
    ["/images/%2e%2e/secret.svg", null],
    ["/inventory", null],
  ])("refuses %j with 400 naming it, storing nothing", async (src, message) => {
    const before = s.vehicles.all().length;
    const res = await create([template.images[0]!, src], before);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields["images.1"]).toEqual(message ?? expect.stringContaining("an uploaded photo or one of the site's images"));
    expect(s.vehicles.all()).toHaveLength(before);
  });

  it("takes the site's own images", async () => {
    const res = await create(["/images/series/classic.svg", "/images/brand/denago.svg"], 99);
    expect(res.status).toBe(201);
  });
});
