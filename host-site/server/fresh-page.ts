import type { Response } from "express";
import type { Site } from "../../domain/site";
import type { SiteAssets } from "../lib/assets";
import { renderPage } from "../lib/render";
import type { PageDef } from "../pages/page";
import { siteFacts, type SiteFacts } from "../lib/site-facts";

/** A page rendered for this request alone, in the site's look, and never cached (a renter's signed-link pages). */
export function sendFreshPage(res: Response, assets: SiteAssets, page: (facts: SiteFacts) => PageDef, status = 200): void {
  const facts = siteFacts(res.locals.site as Site);
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .type("html")
    .send(renderPage(facts, page(facts), assets));
}
