import { Router } from "express";
import { DomainSchema } from "../../domain/site";
import type { SiteStore } from "../store/site-store";

/**
 * GET /api/tls/allowed?domain=NAME: the `ask` endpoint of a TLS proxy's on-demand certificates (Caddy's
 * `on_demand_tls { ask … }`). 200 when a site of this deployment claims the host name, 404 for any other name, so
 * nobody can make the proxy fetch certificates for hosts we do not serve. Answered from memory: a site added or
 * removed counts from its write's answer on.
 */
export function tlsRouter(sites: Pick<SiteStore, "forHost">): Router {
  return Router().get("/allowed", (req, res) => {
    res.set("Cache-Control", "no-store");
    const { domain } = req.query;
    if (typeof domain !== "string" || domain === "") {
      res.status(400).json({ error: "Give one host name to check, as ?domain=www.dealer.example" });
      return;
    }
    const name = DomainSchema.safeParse(domain);
    if (name.success && name.data === domain.toLowerCase() && sites.forHost(name.data)) res.json({ allowed: true, domain: name.data });
    else res.status(404).json({ allowed: false, domain, error: "No site of this deployment is served on this domain" });
  });
}
