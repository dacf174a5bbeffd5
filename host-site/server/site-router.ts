import path from "node:path";
import express, { Router } from "express";
import type { VehicleStore } from "../../api/store/vehicle-store";
import { BUSINESS } from "../../domain/business";

export interface SiteDeps {
  /** dist/site: the prerendered pages and their assets. */
  distDir: string;
  /** host-site/public: images and other files served as they are. */
  publicDir: string;
  vehicles: VehicleStore;
}

/** The dealership's own pages. Placeholder until the host site lands. */
export function createSiteRouter({ publicDir }: SiteDeps): Router {
  const router = Router();
  router.use(express.static(path.resolve(publicDir)));
  router.get("/", (_req, res) => {
    res.type("html").send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${BUSINESS.name}</title></head><body><h1>${BUSINESS.name}</h1><p>${BUSINESS.tagline}</p></body></html>`);
  });
  router.use((_req, res) => {
    res.status(404).type("html").send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>404 Page Not Found</title></head><body><h1>404 Page Not Found</h1></body></html>`);
  });
  return router;
}
