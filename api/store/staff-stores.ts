import { memorySignInThrottle, type SignInThrottleStore } from "../auth/sign-in-throttle";
import { openAccountStore, type AccountStore } from "./account-store";
import { openAuditStore, type AuditStore } from "./audit-store";
import { openFollowUpStore, type FollowUpStore } from "./follow-up-store";
import { openOriginStore, type OriginStore } from "./origin-store";
import { openSessionStore, type SessionStore } from "./session-store";

/** The stores behind the staff console, each behind its interface (lowdb files today). */
export interface StaffStores {
  accounts: AccountStore;
  sessions: SessionStore;
  audit: AuditStore;
  origins: OriginStore;
  /** Sales staff's follow-up of each lead (status, notes). */
  followUps: FollowUpStore;
  /** Failed sign-ins per (e-mail, address): this process's memory with lowdb, shared by every instance with PostgreSQL. */
  signInThrottle: SignInThrottleStore;
}

/** Open the staff stores under dataDir. `now` is the clock sessions and lockouts go by (tests move it). */
export async function openStaffStores(dataDir: string, startupOrigins: readonly string[], now: () => number = Date.now): Promise<StaffStores> {
  const accounts = openAccountStore(dataDir, now);
  // A corrupt accounts file stops start-up, named and untouched, like every other data file.
  await accounts.list();
  return {
    accounts,
    sessions: await openSessionStore(dataDir, now),
    audit: await openAuditStore(dataDir),
    origins: await openOriginStore(dataDir, startupOrigins),
    followUps: await openFollowUpStore(dataDir),
    signInThrottle: memorySignInThrottle(now),
  };
}
