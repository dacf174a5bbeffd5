import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Low } from "lowdb";
import { z } from "zod";
import type { ContactMessage } from "../../domain/contact";
import { LeadSchema, type Delivery, type Lead } from "../../domain/lead";
import { openJsonFile } from "./json-file";

export interface LeadsFile {
  leads: Lead[];
}

export interface NewLead {
  message: ContactMessage;
  origin: string | null;
  source: string | null;
}

/** Where leads are kept. Every write resolves only once it is on disk. */
export interface LeadStore {
  add(lead: NewLead, delivery: Delivery): Promise<Lead>;
  setDelivery(id: string, delivery: Delivery): Promise<void>;
  /** Leads whose mail is still to be delivered. */
  pending(): Lead[];
  all(): readonly Lead[];
}

export const LEADS_FILE = "leads.json";

const LeadsFileSchema = z.object({ leads: z.array(LeadSchema) });

/** Open (creating on first start) the leads file under dataDir, apart from the catalogue. */
export async function openLeadStore(dataDir: string): Promise<LeadStore> {
  const db: Low<LeadsFile> = await openJsonFile<LeadsFile>(path.join(dataDir, LEADS_FILE), () => ({ leads: [] }), (d) => LeadsFileSchema.parse(d));
  const byId = new Map(db.data.leads.map((l) => [l.id, l]));
  return {
    async add({ message, origin, source }, delivery) {
      const lead: Lead = { id: randomUUID(), createdAt: new Date().toISOString(), ...message, origin, source, delivery };
      db.data.leads.push(lead);
      byId.set(lead.id, lead);
      // steno coalesces concurrent writes; each promise resolves once a write holding this lead has landed.
      await db.write();
      return lead;
    },
    async setDelivery(id, delivery) {
      const lead = byId.get(id);
      if (!lead) throw new Error(`No lead ${id}`);
      lead.delivery = delivery;
      await db.write();
    },
    pending: () => db.data.leads.filter((l) => l.delivery.status === "pending"),
    all: () => db.data.leads,
  };
}
