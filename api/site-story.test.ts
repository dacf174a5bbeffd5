/**
 * The first site's story on both storage engines: a first site stored before `story` existed is read with
 * the phrases its pages always had (so they do not vanish on upgrade, and the console shows them), and one whose story
 * an owner cleared (`{}`) stays cleared across a restart.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { FIRST_SITE_ID } from "../domain/site-seed";
import { SITES_FILE } from "./store/site-store";
import { storeEngines, type EngineUnderTest } from "./testing/store-engines";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const { engines, stop } = await storeEngines();
afterAll(stop);

/** Change the first site's stored record as an older version (or an owner) left it, behind the store's back. */
async function storeFirstSite(engine: EngineUnderTest, place: string, change: (site: Record<string, unknown>) => Record<string, unknown>) {
  if (engine.name === "lowdb") {
    const file = path.join(place, SITES_FILE);
    const data = JSON.parse(await readFile(file, "utf8")) as { sites: Record<string, unknown>[] };
    data.sites = data.sites.map((s) => (s.id === FIRST_SITE_ID ? change(s) : s));
    await writeFile(file, JSON.stringify(data));
    return;
  }
  const client = new pg.Client({ connectionString: place });
  await client.connect();
  try {
    const { rows } = await client.query<{ site: Record<string, unknown> }>("SELECT site FROM sites WHERE id = $1", [FIRST_SITE_ID]);
    await client.query("UPDATE sites SET site = $2 WHERE id = $1", [FIRST_SITE_ID, JSON.stringify(change(rows[0]!.site))]);
  } finally {
    await client.end();
  }
}

describe.each(engines)("the first site's story on $name", (engine) => {
  if (engine.unavailable) return void it.skip(`skipped: ${engine.unavailable}`, () => {});

  it("is read with today's phrases when its record is older than the field, and an emptied story stays empty", async () => {
    const place = await engine.fresh();
    const seeded = await engine.open(place);
    expect(seeded.sites.get(FIRST_SITE_ID)!.story).toMatchObject({ customers: "1000+", reach: "From the beaches to the farm towns" });
    await seeded.close();

    await storeFirstSite(engine, place, ({ story: _story, ...older }) => older);
    const upgraded = await engine.open(place);
    const site = upgraded.sites.get(FIRST_SITE_ID)!;
    expect(site.story).toMatchObject({
      customers: "1000+",
      familyRun: true,
      reach: "From the beaches to the farm towns",
      serviceReach: "from the beach towns to the western farms",
    });
    // An owner clears every phrase (the console sends `{}`): it stays so after a restart.
    await upgraded.sites.replace(FIRST_SITE_ID, { ...site, story: {} }, upgraded.sites.etag(site));
    await upgraded.close();
    const again = await engine.open(place);
    expect(again.sites.get(FIRST_SITE_ID)!.story).toEqual({});
    await again.close();
  });
});
