import express, { Router, type Response } from "express";
import type { RentalDesk } from "../../api/routes/rentals-desk";
import type { SiteAssets } from "../lib/assets";
import { sendFreshPage } from "./fresh-page";
import { rentalCancelPage, type RentalCancelView } from "../pages/RentalCancelPage";

/** What the cancel page needs of the rental desk (api/routes/rentals-desk.ts). */
export type RentalCancellation = Pick<RentalDesk, "fromToken" | "cancelByRenter" | "sendsMail">;

/**
 * The renters' cancel page, /rentals/cancel, rendered per request in the site's look: GET shows the
 * reservation its signed link names and the refund cancelling now would give; the page's form POSTs the token back
 * (no script), which cancels and shows the outcome. Never cached: the refund changes with the clock.
 */
export function rentalCancelRouter(desk: RentalCancellation, assets: SiteAssets): Router {
  const router = Router();
  const show = (res: Response, view: RentalCancelView, status = 200) => sendFreshPage(res, assets, (facts) => rentalCancelPage(facts, view), status);
  router.get("/", async (req, res) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    const found = await desk.fromToken(token);
    if (!found.ok) return show(res, { kind: "invalid" }, 404);
    const r = found.reservation;
    if (r.status === "cancelled") return show(res, { kind: "cancelled", reservation: r, refund: r.refund ?? found.refund, now: false, mailed: false });
    if (!found.cancellable) return show(res, { kind: "closed", reservation: r });
    show(res, { kind: "confirm", reservation: r, refund: found.refund, token });
  });
  router.post("/", express.urlencoded({ extended: false, limit: "2kb" }), async (req, res) => {
    const done = await desk.cancelByRenter((req.body as { token?: unknown } | undefined)?.token);
    if (!done.ok) return show(res, { kind: "invalid" }, 404);
    const r = done.reservation;
    if (r.status !== "cancelled") return show(res, { kind: "closed", reservation: r }, 409);
    show(res, { kind: "cancelled", reservation: r, refund: done.refund, now: !("already" in done && done.already), mailed: desk.sendsMail });
  });
  return router;
}
