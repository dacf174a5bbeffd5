import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Low } from "lowdb";
import type { ContactMessage } from "../../domain/contact";
import { LeadSchema, type Lead } from "../../domain/lead";
import { openJsonFile } from "./json-file";
import { z } from "zod";

export interface LeadsFile {
  leads: Lead[];
}

export interface NewLead {
  message: ContactMessage;
  origin: string | null;
  source: string | null;
}

/** Where leads are kept. `add` resolves only once the lead is on disk. */
export interface LeadStore {
  add(lead: NewLead): Promise<Lead>;
  all(): readonly Lead[];
}

export const LEADS_FILE = "leads.json";

const LeadsFileSchema = z.object({ leads: z.array(LeadSchema) });

/** Open (creating on first start) the leads file under dataDir, apart from the catalogue. */
export async function openLeadStore(dataDir: string): Promise<LeadStore> {
  const db: Low<LeadsFile> = await openJsonFile<LeadsFile>(path.join(dataDir, LEADS_FILE), () => ({ leads: [] }), (d) => LeadsFileSchema.parse(d));
  return {
    async add({ message, origin, source }) {
      const lead: Lead = { id: randomUUID(), createdAt: new Date().toISOString(), ...message, origin, source };
      db.data.leads.push(lead);
      // steno coalesces concurrent writes; each promise resolves once a write holding this lead has landed.
      await db.write();
      return lead;
    },
    all: () => db.data.leads,
  };
}
