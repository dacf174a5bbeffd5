import { z } from "zod";

/** A web origin such as https://partner.example: scheme, host and optional port, no path; a trailing slash is dropped. */
export const OriginSchema = z
  .string()
  .trim()
  .refine((s) => {
    try {
      return new URL(s).origin === s.replace(/\/$/, "");
    } catch {
      return false;
    }
  }, "must be an origin such as https://partner.example (scheme, host and optional port, no path)")
  .transform((s) => s.replace(/\/$/, ""));
