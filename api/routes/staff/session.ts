import express, { Router, type CookieOptions, type Response } from "express";
import { NewPasswordSchema, passwordProblem, SignInSchema, STAFF_MESSAGES } from "../../../domain/staff";
import { fieldErrors } from "../../../domain/contact";
import { throttleWait } from "../../auth/sign-in-throttle";
import { HttpError } from "../../http-error";
import { requireJson } from "../../middleware/require-json";
import { requireSession, SESSION_COOKIE, sessionToken, signInRateLimit } from "../../middleware/staff-guard";
import type { AccountState } from "../../store/account-store";
import { SESSION_MAX_MS } from "../../store/session-store";
import type { StaffDeps } from "./staff-router";

/** What the history names for a failed sign-in to an e-mail that is no account's. */
export const UNKNOWN_EMAIL = "(an unknown e-mail)";

/**
 * POST (sign in), GET (who am I) and DELETE (sign out) /api/staff/session, and
 * POST /api/staff/session/password (a new password, after an owner's reset).
 * The account comes with what the console needs to know of this server:
 * `leadMail`, whether lead mail is on (SMTP_URL, LEAD_TO and LEAD_FROM set,
 * so the outbox exists: the same fact by which a resend answers 409), and,
 * only while it is so, `mustChangePassword: true`: it must choose a new password before anything else.
 */
export function sessionRouter({ accounts, sessions, config, outbox, rateLimitStore, signInThrottle, audit }: StaffDeps): Router {
  const router = Router();
  const cookie: CookieOptions = { httpOnly: true, sameSite: "strict", path: "/", secure: config.secureCookies };
  const me = ({ email, role, sites }: { email: string; role: string; sites?: string[] }, mustChangePassword: boolean) => ({
    email,
    role,
    // Only for an account scoped to sites; absent: every site.
    ...(sites && { sites }),
    leadMail: outbox !== null,
    ...(mustChangePassword ? { mustChangePassword } : {}),
  });
  const startSession = async (res: Response, email: string) => {
    const { token } = await sessions.create(email);
    res.cookie(SESSION_COOKIE, token, { ...cookie, maxAge: SESSION_MAX_MS });
  };
  router.post(
    "/",
    signInRateLimit(config.staffSignInRateLimit, rateLimitStore?.("staff-sign-in")),
    requireJson,
    express.json({ limit: "4kb" }),
    async (req, res) => {
      const parsed = SignInSchema.safeParse(req.body);
      if (!parsed.success) throw new HttpError(400, "Enter your e-mail and password.", { fields: fieldErrors(parsed.error) });
      const { email, password } = parsed.data;
      const address = req.ip ?? "unknown";
      const account: AccountState | undefined = await accounts.get(email);
      const since = account ? Date.parse(account.passwordChangedAt) : 0;
      const wait = throttleWait(await signInThrottle.state(email, address, since));
      // The password is hashed even when the answer is already 429: every answer costs one hash, whichever the e-mail.
      const result = await accounts.signIn(email, password);
      if (wait > 0) {
        res.set("Retry-After", String(Math.ceil(wait / 1000)));
        throw new HttpError(429, STAFF_MESSAGES.signInThrottled);
      }
      if (!result.ok) {
        const after = await signInThrottle.fail(email, address, since);
        // Recorded for an unknown e-mail too, so that its answer takes as long; but not what was typed, which may be a password.
        const about = account ? email : UNKNOWN_EMAIL;
        const entry = { at: new Date(after.at).toISOString(), email: address, vehicleId: null };
        await audit.append({ ...entry, action: "account-sign-in-failed", fields: [about] });
        const waits = throttleWait(after);
        if (waits > 0) await audit.append({ ...entry, action: "account-throttled", fields: [about, `for ${Math.ceil(waits / 60_000)} min`] });
        throw new HttpError(401, STAFF_MESSAGES.signInFailed);
      }
      await signInThrottle.succeed(email, address);
      await startSession(res, result.account.email);
      res.json(me(result.account, result.account.mustChangePassword));
    },
  );

  router.get("/", requireSession(sessions, accounts), (_req, res) => {
    res.json(me(res.locals.staff!, res.locals.mustChangePassword === true));
  });

  router.delete("/", requireSession(sessions, accounts), async (req, res) => {
    await sessions.revoke(sessionToken(req)!);
    res.clearCookie(SESSION_COOKIE, cookie);
    res.status(204).end();
  });

  /** The new password of an account an owner reset: its sessions end, and this one goes on under a new cookie. */
  router.post("/password", requireSession(sessions, accounts), requireJson, express.json({ limit: "4kb" }), async (req, res) => {
    const { email } = res.locals.staff!;
    if (!res.locals.mustChangePassword)
      throw new HttpError(409, "Your password is not due for a change. An owner can reset it from Accounts; an operator with `npm run staff -- password`.");
    const parsed = NewPasswordSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, "Please correct the highlighted fields.", { fields: fieldErrors(parsed.error) });
    const problem = passwordProblem(parsed.data.password, email);
    if (problem) throw new HttpError(400, problem, { fields: { password: problem } });
    if ((await accounts.signIn(email, parsed.data.password)).ok)
      throw new HttpError(400, STAFF_MESSAGES.sameAsTemporary, { fields: { password: STAFF_MESSAGES.sameAsTemporary } });
    await accounts.setPassword(email, parsed.data.password);
    await sessions.revokeAll(email);
    await startSession(res, email);
    await audit.append({ at: new Date().toISOString(), email, action: "account-password", vehicleId: null, fields: [email] });
    res.json(me(res.locals.staff!, false));
  });
  return router;
}
