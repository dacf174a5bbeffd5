/**
 * Who a new lead goes to: the rule its site's owner set
 * (domain/site.ts `leadAssignment`), applied to the accounts that may act on
 * the site. Pure: the store gives the round-robin turn.
 */
import type { Lead } from "./lead";
import type { LeadAssignment } from "./site";
import { mayActOnSite, type StaffScope } from "./staff";

/** An account as the rule sees it. */
export type AssignableAccount = StaffScope & { email: string };

/** The site's sales accounts, in a fixed order (by e-mail): those of the `sales` role that may act on the site. */
export const salesAccountsOf = (accounts: readonly AssignableAccount[], site: string): AssignableAccount[] =>
  accounts.filter((a) => a.role === "sales" && mayActOnSite(a, site)).sort((a, b) => a.email.localeCompare(b.email));

/**
 * The account a new lead is assigned to, or null (no rule, nobody to take it, or an interest's account that no
 * longer exists or may no longer act on the site). `turn` is asked only for a round robin.
 */
export async function chooseAssignee(
  rule: LeadAssignment | undefined,
  lead: Pick<Lead, "site" | "interest">,
  accounts: readonly AssignableAccount[],
  turn: () => Promise<number>,
): Promise<string | null> {
  if (!rule || rule.rule === "none") return null;
  if (rule.rule === "interest") {
    const email = rule.byInterest[lead.interest]?.toLowerCase();
    const account = email && accounts.find((a) => a.email.toLowerCase() === email);
    return account && mayActOnSite(account, lead.site) ? account.email : null;
  }
  const sales = salesAccountsOf(accounts, lead.site);
  if (!sales.length) return null;
  return sales[(await turn()) % sales.length]!.email;
}
