import { z } from "zod";
import { ContactMessageSchema } from "./contact";

/** A stored lead: the visitor's message and where it came from. */
export const LeadSchema = ContactMessageSchema.extend({
  id: z.string().min(1),
  /** ISO 8601 time the API accepted it. */
  createdAt: z.iso.datetime(),
  /** The page origin that posted it (the Origin header), when the browser sent one. */
  origin: z.string().nullable(),
  /** The embedding page's label, from the contact form's `source` attribute. */
  source: z.string().nullable(),
});
export type Lead = z.infer<typeof LeadSchema>;
