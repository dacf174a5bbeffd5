import type { Lead } from "../../domain/lead";
import { CoalescedFile } from "./coalesced-file";

export interface LeadsFile {
  leads: Lead[];
}

/** One file of leads (leads.json or an archive segment), written as every store's file is. */
export class LeadSegment extends CoalescedFile<LeadsFile> {
  get leads(): Lead[] {
    return this.db.data.leads;
  }
}
