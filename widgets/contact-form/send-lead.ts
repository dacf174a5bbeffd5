import type { ContactMessage } from "../../domain/contact";

/** The toast's text when the server gave no usable reason (spec §8 "Error catalogue": 'Failed to send message. Please try again.'). */
export const SEND_FAILED = "Failed to send message. Please try again.";
/** How long to wait for the API before giving up, as the shared ky client does. */
const TIMEOUT_MS = 15_000;

/** The body POST /api/contact takes: the message, the honeypot, and the page's label. */
export interface LeadBody extends ContactMessage {
  website: string;
  source?: string;
}

/** Why a send failed: the server's `error` and per-field messages, or the generic text. */
export interface SendFailure {
  message: string;
  fields: Record<string, string>;
  /** The HTTP status; absent when no answer came (network error, timeout). */
  status?: number;
  /** The API's reason code, e.g. "origin-not-allowed" for a page that may not post leads. */
  code?: string;
}

/** A non-2xx answer, kept whole so that its JSON body can be read. */
class SendError extends Error {
  constructor(readonly response: Response) {
    super(`POST /api/contact failed with status ${response.status}`);
  }
}

/**
 * POST the lead once (never retried: a retry could store it twice) and
 * resolve to the stored id. Plain fetch rather than the shared ky client:
 * this script needs nothing else from ky, which would cost ~5 kB gzip.
 */
export async function sendLead(apiBase: string, body: LeadBody): Promise<string> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(`${apiBase}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      signal: abort.signal,
    });
    if (!response.ok) throw new SendError(response);
    const { id } = (await response.json()) as { id: string };
    return id;
  } finally {
    clearTimeout(timer);
  }
}

/** Read a failed send: the API answers 400 { error, fields } and 403/413/415/429 { error }. */
export async function describeSendFailure(err: unknown): Promise<SendFailure> {
  if (!(err instanceof SendError)) return { message: SEND_FAILED, fields: {} };
  const status = err.response.status;
  try {
    const body: unknown = await err.response.json();
    if (body && typeof body === "object" && "error" in body && typeof body.error === "string" && body.error.trim()) {
      const fields = "fields" in body && body.fields && typeof body.fields === "object" ? (body.fields as Record<string, unknown>) : {};
      const strings = Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === "string"));
      const code = "code" in body && typeof body.code === "string" ? body.code : undefined;
      return { message: body.error, fields: strings, status, ...(code ? { code } : {}) };
    }
  } catch {
    // Not JSON: fall back to the generic text.
  }
  return { message: SEND_FAILED, fields: {}, status };
}
