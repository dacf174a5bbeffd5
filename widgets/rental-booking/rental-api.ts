/**
 * The rental booking's calls (docs/rentals contract): the site's towns and time zone, the live availability of a plan
 * for some dates, and the reservation request. Plain fetch, as the contact form sends its lead: this script needs
 * nothing else of ky, which would cost about 5 kB gzip.
 */
import type { RentalQuote } from "../../domain/rental-booking";

/** How long to wait for the API before giving up, as the contact form does. */
const TIMEOUT_MS = 15_000;

/** A town the shop delivers to, with its distance that prices the delivery. */
export interface RentalTownOption {
  slug: string;
  name: string;
  miles: number;
}

/** What the widget needs of the site before it can price a rental: its towns and its time zone. */
export interface RentalOptions {
  timeZone: string;
  /** The site's date when the server answered ("2027-06-12"): the earliest start a date picker offers. */
  today: string;
  towns: RentalTownOption[];
}

/** GET /api/rentals/availability's answer. */
export interface Availability {
  fleet: number;
  free: number;
  quote: RentalQuote;
}

/** POST /api/rentals/reservations' 201. */
export interface Reserved {
  reference: string;
  status: string;
  quote: RentalQuote;
  /** A mail to the renter was stored with the request (false when the site sends no mail). */
  mailQueued?: boolean;
}

/** A non-2xx answer: the API's `error` and reason `code`, its per-field messages, and the status (absent: no answer came). */
export class RentalAnswerError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The reason a report gives when the API gave none (or no answer came). */
const NO_ANSWER = "no answer from the rental desk";

async function request<T>(url: string, init: RequestInit = {}): Promise<T> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  init.signal?.addEventListener("abort", () => abort.abort());
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { accept: "application/json", ...init.headers }, signal: abort.signal });
  } catch {
    throw new RentalAnswerError(NO_ANSWER, {});
  } finally {
    clearTimeout(timer);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body as T;
  const error = body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : "";
  const fields = body && typeof body === "object" && "fields" in body && body.fields && typeof body.fields === "object" ? body.fields : {};
  const strings = Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === "string"));
  const code = body && typeof body === "object" && "code" in body && typeof body.code === "string" ? body.code : undefined;
  throw new RentalAnswerError(error, strings, response.status, code);
}

/** Each API origin's options, asked once per page. */
const options = new Map<string, Promise<RentalOptions>>();

/** The site's towns and time zone (GET /api/rentals/options), asked once per API origin; a failure is asked again next time. */
export function rentalOptions(apiBase: string): Promise<RentalOptions> {
  let pending = options.get(apiBase);
  if (!pending) {
    pending = request<RentalOptions>(`${apiBase}/api/rentals/options`);
    pending.catch(() => options.delete(apiBase));
    options.set(apiBase, pending);
  }
  return pending;
}

/** How many carts of the plan are free for those dates, and the server's quote (GET /api/rentals/availability). */
export const availability = (apiBase: string, query: Record<string, string>, signal: AbortSignal): Promise<Availability> =>
  request<Availability>(`${apiBase}/api/rentals/availability?${new URLSearchParams(query).toString()}`, { signal });

/** Send the reservation request once (never retried: a retry could book twice). */
export const reserve = (apiBase: string, body: unknown): Promise<Reserved> =>
  request<Reserved>(`${apiBase}/api/rentals/reservations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
