import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { LeadSchema, type Lead } from "../../domain/lead";
import { INTERESTS } from "../../domain/contact";

const DAY_MS = 86_400_000;

/** The i-th of a set of plausible stored leads (current LeadSchema shape), oldest first. */
export function fixtureLead(i: number, count: number, now = Date.now()): Lead {
  const createdAt = new Date(now - (count - i) * (DAY_MS / 50)).toISOString();
  const sent = i % 10 !== 0;
  return {
    id: randomUUID(),
    createdAt,
    firstName: `Visitor${i}`,
    lastName: "Reyes",
    email: `visitor${i}@example.com`,
    phone: `302-555-${String(i % 10_000).padStart(4, "0")}`,
    interest: INTERESTS[i % INTERESTS.length]!,
    message: "Looking for a 6-seater for the summer, street legal, delivered to Rehoboth.",
    origin: i % 3 === 0 ? "https://resort.example" : null,
    source: i % 3 === 0 ? "resort-landing" : null,
    site: "sussex-coast",
    delivery: sent ? { status: "sent", attempts: 1, sentAt: createdAt } : { status: "not-sent", attempts: 0 },
  };
}

/** Write `count` leads as a leads.json (pretty-printed as lowdb writes it), streaming so that 100,000 fit easily. */
export async function writeLeadsFile(file: string, count: number): Promise<void> {
  LeadSchema.parse(fixtureLead(0, 1));
  const out = createWriteStream(file);
  out.write('{\n  "leads": [');
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const json = JSON.stringify(fixtureLead(i, count, now), null, 2).replace(/\n/g, "\n    ");
    if (!out.write(`${i ? "," : ""}\n    ${json}`)) await once(out, "drain");
  }
  out.end(count ? "\n  ]\n}" : "]\n}");
  await once(out, "finish");
}
