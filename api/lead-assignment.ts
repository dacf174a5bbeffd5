import { chooseAssignee } from "../domain/lead-assignment";
import { ASSIGNED_BY_RULE } from "../domain/lead-follow-up";
import type { Lead } from "../domain/lead";
import type { AccountStore } from "./store/account-store";
import type { FollowUpStore } from "./store/follow-up-store";
import type { SiteStore } from "./store/site-store";

/**
 * Assigns a lead just stored by its site's rule (docs/decisions/0043): an event in the lead's follow-up
 * log, by ASSIGNED_BY_RULE. Never fails the lead: a rule that cannot be applied leaves it unassigned, and says why in the log.
 */
export function leadAssigner({ sites, accounts, followUps }: { sites: Pick<SiteStore, "get">; accounts: AccountStore; followUps: FollowUpStore }) {
  return async (lead: Lead): Promise<void> => {
    const rule = sites.get(lead.site)?.leadAssignment;
    if (!rule || rule.rule === "none") return;
    try {
      let turn: { site: string; n: number } | undefined;
      const assignee = await chooseAssignee(rule, lead, await accounts.list(), async () => {
        turn = { site: lead.site, n: await followUps.nextTurn(lead.site) };
        return turn.n;
      });
      if (assignee === null) return;
      await followUps.record({ leadId: lead.id, at: new Date().toISOString(), by: ASSIGNED_BY_RULE, assignee, ...(turn && { turn }) });
    } catch (err) {
      console.error(`[leads] lead ${lead.id} was stored but not assigned by its site's rule:`, err);
    }
  };
}
