import express, { Router, type CookieOptions } from "express";
import { SignInSchema, STAFF_MESSAGES } from "../../../domain/staff";
import { fieldErrors } from "../../../domain/contact";
import { HttpError } from "../../middleware/errors";
import { requireJson } from "../../middleware/require-json";
import { requireSession, SESSION_COOKIE, sessionToken, signInRateLimit } from "../../middleware/staff-guard";
import { SESSION_MAX_MS } from "../../store/session-store";
import type { StaffDeps } from "./staff-router";

/**
 * POST (sign in), GET (who am I) and DELETE (sign out) /api/staff/session.
 * The account comes with what the console needs to know of this server:
 * `leadMail`, whether lead mail is on (SMTP_URL, LEAD_TO and LEAD_FROM set,
 * so the outbox exists: the same fact by which a resend answers 409).
 */
export function sessionRouter({ accounts, sessions, config, outbox, rateLimitStore }: StaffDeps): Router {
  const router = Router();
  const cookie: CookieOptions = { httpOnly: true, sameSite: "strict", path: "/", secure: config.secureCookies };
  const me = ({ email, role }: { email: string; role: string }) => ({ email, role, leadMail: outbox !== null });

  router.post(
    "/",
    signInRateLimit(config.staffSignInRateLimit, rateLimitStore?.("staff-sign-in")),
    requireJson,
    express.json({ limit: "4kb" }),
    async (req, res) => {
      const parsed = SignInSchema.safeParse(req.body);
      if (!parsed.success) throw new HttpError(400, "Enter your e-mail and password.", { fields: fieldErrors(parsed.error) });
      const result = await accounts.signIn(parsed.data.email, parsed.data.password);
      if (!result.ok && result.locked) {
        res.set("Retry-After", String(result.retryAfterSeconds));
        throw new HttpError(429, "Too many failed sign-ins: this account is locked for a while. Try again later.");
      }
      if (!result.ok) throw new HttpError(401, STAFF_MESSAGES.signInFailed);
      const { token } = await sessions.create(result.account.email);
      res.cookie(SESSION_COOKIE, token, { ...cookie, maxAge: SESSION_MAX_MS });
      res.json(me(result.account));
    },
  );

  router.get("/", requireSession(sessions, accounts), (_req, res) => {
    res.json(me(res.locals.staff!));
  });

  router.delete("/", requireSession(sessions, accounts), async (req, res) => {
    await sessions.revoke(sessionToken(req)!);
    res.clearCookie(SESSION_COOKIE, cookie);
    res.status(204).end();
  });
  return router;
}
