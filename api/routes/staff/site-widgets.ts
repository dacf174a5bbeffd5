import { Router } from "express";
import { HttpError } from "../../http-error";
import { requireSite } from "../../middleware/staff-guard";
import type { StaffDeps } from "./staff-router";

/**
 * GET /:id/widgets: the release this server runs and the SRI value of each of its scripts as that site serves them
 * pinned (api/widget-scripts.ts: each site's copy has its own bytes). The console's Embed page writes a pinned snippet
 * for any site with it, since its own origin serves only its own site's copy. 404 for an unknown site or when no
 * release is kept; 403 for a site outside the account's.
 */
export function staffSiteWidgetsRouter({ sites, widgetReleases }: Pick<StaffDeps, "sites" | "widgetReleases">): Router {
  const router = Router();
  router.get("/:id/widgets", async (req, res) => {
    const id = req.params.id as string;
    const site = sites.get(id);
    if (!site) throw new HttpError(404, `No site ${id}`);
    requireSite(res, id);
    const integrity = await widgetReleases?.integrity(site);
    if (!integrity) throw new HttpError(404, "No widget release is kept on this server");
    res.json(integrity);
  });
  return router;
}
