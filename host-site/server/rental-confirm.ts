import express, { Router, type Response } from "express";
import { emailConfirmRefusal, type RentalDesk } from "../../api/routes/rentals-desk";
import type { SiteAssets } from "../lib/assets";
import { sendFreshPage } from "./fresh-page";
import { rentalConfirmPage, type RentalConfirmView } from "../pages/RentalConfirmPage";

/** What the e-mail confirmation page needs of the rental desk (api/routes/rentals-desk.ts). */
export type RentalEmailConfirmation = Pick<RentalDesk, "fromEmailToken" | "confirmEmail">;

/**
 * The renters' e-mail confirmation page, /rentals/confirm, rendered per request in the site's look: GET shows the
 * request its signed link names; the page's form POSTs the token back (no script), which confirms and shows the
 * outcome. Never cached.
 */
export function rentalConfirmRouter(desk: RentalEmailConfirmation, assets: SiteAssets): Router {
  const router = Router();
  const show = (res: Response, view: RentalConfirmView, status = 200) => sendFreshPage(res, assets, (facts) => rentalConfirmPage(facts, view), status);
  router.get("/", async (req, res) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    const found = await desk.fromEmailToken(token);
    if (!found) return show(res, { kind: "invalid" }, 404);
    if (found.emailConfirmedAt) return show(res, { kind: "confirmed", reservation: found });
    show(res, { kind: "ask", reservation: found, token });
  });
  router.post("/", express.urlencoded({ extended: false, limit: "2kb" }), async (req, res) => {
    const done = await desk.confirmEmail((req.body as { token?: unknown } | undefined)?.token);
    if (!done.ok && done.reason === "invalid") return show(res, { kind: "invalid" }, 404);
    if (!done.ok) return show(res, { kind: "refused", reservation: done.reservation, message: emailConfirmRefusal(done) }, 409);
    show(res, { kind: "confirmed", reservation: done.reservation });
  });
  return router;
}
