import { randomBytes, randomUUID } from "node:crypto";
import express, { Router, type Request } from "express";
import { FeedError, readFeed } from "../../../domain/inventory-feed";
import { planSync, proposeMapping } from "../../../domain/inventory-sync";
import { emptyMemory, SourceInputSchema, sourceView, type InventorySource, type SourceAuth } from "../../../domain/inventory-source";
import { mayActOnSite, type StaffScope } from "../../../domain/staff";
import { vehicleFieldChanges } from "../../../domain/vehicle-edit";
import { HttpError } from "../../http-error";
import { requireOwner } from "../../middleware/staff-guard";
import { requireJson } from "../../middleware/require-json";
import { syncContext } from "../../inventory-sync";
import type { StaffDeps } from "./staff-router";

/** A pushed or previewed file: a DMS's whole inventory with descriptions is a few MB. */
export const INVENTORY_FILE_LIMIT = "50mb";
const INVALID = "Please correct the highlighted fields.";
const PREVIEW_ROWS = 20;

/** A new push secret: 32 random bytes, URL-safe. */
export const newPushSecret = () => randomBytes(32).toString("base64url");

/** The field errors of a source's settings, by field, in words. */
const fieldErrors = (issues: readonly { path: PropertyKey[]; message: string }[]) =>
  Object.fromEntries(issues.map((i) => [i.path.map(String).join(".") || "source", i.message]));

/**
 * /api/staff/inventory-sources, for owners: a site's owner works on its lot's sources, an organisation's
 * owner on every one. Credentials and the push secret are never answered in full, but the secret once, when it is made.
 */
export function staffInventorySourcesRouter({ inventorySources: store, inventory, vehicles, sites }: StaffDeps): Router {
  const router = Router();
  router.use(requireOwner);
  const json = [requireJson, express.json({ limit: "64kb" })];
  const mayAct = (me: StaffScope, source: Pick<InventorySource, "site">) => (source.site ? mayActOnSite(me, source.site) : me.sites === undefined);
  const own = async (req: Request, me: StaffScope): Promise<InventorySource> => {
    const source = await store!.get(req.params.id as string);
    if (!source || !mayAct(me, source)) throw new HttpError(404, `No inventory source ${req.params.id as string}`);
    return source;
  };
  const checked = (body: unknown, me: StaffScope) => {
    const parsed = SourceInputSchema.safeParse(body);
    if (!parsed.success) throw new HttpError(400, INVALID, { fields: fieldErrors(parsed.error.issues) });
    const input = parsed.data;
    if (input.site && !sites.list().some((s) => s.id === input.site))
      throw new HttpError(400, INVALID, { fields: { site: `"${input.site}" is not a site of this deployment` } });
    if (!mayAct(me, input))
      throw new HttpError(
        403,
        input.site ? `Your account may not add a source for ${input.site}'s lot` : "Only an owner of the whole organisation may add a source for every lot",
        {
          fields: { site: "Choose one of your account's sites" },
        },
      );
    return input;
  };

  router.get("/", async (_req, res) => {
    const me = res.locals.staff!;
    res.json({ sources: (await store!.list()).filter((s) => mayAct(me, s)).map((s) => sourceView(s)) });
  });

  router.post("/", ...json, async (req, res) => {
    const me = res.locals.staff!;
    const { auth, ...settings } = checked(req.body, me);
    const at = new Date().toISOString();
    const pushSecret = newPushSecret();
    const source: InventorySource = {
      ...settings,
      id: randomUUID().slice(0, 8),
      auth: auth ?? { type: "none" },
      pushSecret,
      createdAt: at,
      updatedAt: at,
      memory: emptyMemory(),
    };
    await store!.put(source);
    res
      .status(201)
      .location(`/api/staff/inventory-sources/${source.id}`)
      .json({ ...sourceView(source), pushSecretOnce: pushSecret });
  });

  router.get("/:id", async (req, res) => {
    const source = await own(req, res.locals.staff!);
    res.json({ ...sourceView(source), runs: await store!.runs(source.id) });
  });

  router.put("/:id", ...json, async (req, res) => {
    const me = res.locals.staff!;
    const before = await own(req, me);
    const { auth, ...settings } = checked(req.body, me);
    // Credentials sent only when changed: a form that shows "••••1234" sends none, and the stored ones stay.
    const kept: SourceAuth = auth ?? before.auth;
    const source: InventorySource = { ...before, ...settings, auth: kept, updatedAt: new Date().toISOString() };
    await store!.put(source);
    await inventory!.refresh();
    res.json(sourceView(source));
  });

  router.delete("/:id", async (req, res) => {
    const source = await own(req, res.locals.staff!);
    await store!.remove(source.id);
    await inventory!.refresh();
    res.status(204).end();
  });

  /** A new push secret, answered once: the DMS's old one stops working at once. */
  router.post("/:id/secret", async (req, res) => {
    const source = await own(req, res.locals.staff!);
    const pushSecret = newPushSecret();
    await store!.put({ ...source, pushSecret, updatedAt: new Date().toISOString() });
    res.json({ pushSecretOnce: pushSecret });
  });

  /**
   * The first rows of a file as the source would save them, with the mapping proposed from its headers (or the
   * source's own, once confirmed): the file sent in the body, or, with none, fetched from the source's URL.
   */
  router.post("/:id/preview", express.raw({ type: () => true, limit: INVENTORY_FILE_LIMIT }), async (req, res) => {
    const source = await own(req, res.locals.staff!);
    const bytes = Buffer.isBuffer(req.body) && req.body.length ? req.body : undefined;
    if (!bytes) throw new HttpError(400, "Send the file to preview: a sample export of the dealer system");
    let feed;
    try {
      feed = readFeed(bytes, source.format);
    } catch (err) {
      if (err instanceof FeedError) throw new HttpError(400, err.message);
      throw err;
    }
    const proposed = proposeMapping(feed.header);
    const mapping = source.mapping ?? proposed;
    const sample = { ...feed, rows: feed.rows.slice(0, PREVIEW_ROWS) };
    const plan = planSync(sample, { ...source, mapping, memory: emptyMemory() }, vehicles.all(), syncContext(sites.list()), true);
    res.json({
      header: feed.header,
      proposed,
      mapping,
      rows: feed.rows.length,
      counts: plan.counts,
      skipped: plan.skipped,
      creates: plan.creates.map((v) => ({ stockNumber: v.stockNumber, name: v.name, price: v.price, status: v.status, location: v.location ?? null })),
      updates: plan.updates.map((u) => ({ stockNumber: u.previous.stockNumber, name: u.previous.name, changes: vehicleFieldChanges(u.previous, u.vehicle) })),
    });
  });

  /** Sync now: the run, once it is done (409 while another run of the source is under way). */
  router.post("/:id/sync", async (req, res) => {
    const source = await own(req, res.locals.staff!);
    if (source.kind !== "pull")
      throw new HttpError(400, "Only a source that fetches a URL syncs on demand: a push or folder source runs when its file comes in");
    const run = await inventory!.run(source.id, "manual");
    if (!run) throw new HttpError(409, `"${source.name}" is syncing already: its run is listed when it ends`);
    res.json(run);
  });

  router.get("/:id/runs", async (req, res) => {
    const source = await own(req, res.locals.staff!);
    res.json({ runs: await store!.runs(source.id, 50) });
  });

  router.post("/:id/runs/:run/:action", async (req, res) => {
    const source = await own(req, res.locals.staff!);
    const action = req.params.action === "apply" ? "applied" : req.params.action === "discard" ? "discarded" : undefined;
    if (!action) throw new HttpError(404, "A held run is applied (…/apply) or discarded (…/discard)");
    const run = await store!.run(req.params.run as string);
    if (!run || run.source !== source.id) throw new HttpError(404, "No such run of this source");
    let done;
    try {
      done = await inventory!.resolve(run.id, action, res.locals.staff!.email);
    } catch (err) {
      if (err instanceof FeedError) throw new HttpError(422, err.message);
      throw err;
    }
    if (!done) throw new HttpError(409, "This run is not held any more: it was applied or discarded, or a newer run replaced it");
    res.json(done);
  });

  return router;
}
