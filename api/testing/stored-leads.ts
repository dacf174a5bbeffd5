import type { Lead } from "../../domain/lead";
import { NO_FOLLOW_UP } from "../../domain/lead-follow-up";
import type { LeadStore } from "../store/lead-store";

/** Every lead a store holds, oldest first, read through its export stream (for tests). */
export async function storedLeads(store: LeadStore): Promise<Lead[]> {
  const all: Lead[] = [];
  for await (const batch of store.stream({ query: {}, followUp: () => NO_FOLLOW_UP })) all.push(...batch);
  return all;
}
