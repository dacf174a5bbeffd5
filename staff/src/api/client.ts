import ky, { type Options } from "ky";

/** What the staff API says about a failed call: its status, message, and what came with it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ApiErrorBody,
    readonly headers: Headers | null,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Seconds to wait, from Retry-After (429), or null. */
  get retryAfterSeconds(): number | null {
    const value = Number(this.headers?.get("Retry-After"));
    return Number.isFinite(value) && value > 0 ? value : null;
  }
}

/** A field someone else changed since the version a save was based on (412). */
export interface EditConflict {
  field: string;
  yours: unknown;
  current: unknown;
  /** Who saved it last, and when; null once the history no longer holds it. */
  email: string | null;
  at: string | null;
}

/** Every staff API error is `{ error }`; 400s add `fields`, 412 adds `current` and `conflicts`. */
export interface ApiErrorBody {
  error?: string;
  fields?: Record<string, string>;
  current?: unknown;
  conflicts?: EditConflict[];
}

/** Called when any call answers 401 after sign-in: the session has ended (signed out elsewhere, expired). */
let onSessionLost: () => void = () => {};
export const setSessionLostHandler = (handler: () => void) => {
  onSessionLost = handler;
};
/** For a call made outside `call` (the photo upload) that answered 401. */
export const sessionLost = () => onSessionLost();

const http = ky.create({
  prefixUrl: "/api/staff",
  credentials: "same-origin",
  retry: 0,
  timeout: 20_000,
  throwHttpErrors: false,
});

/** A call's answer: its body (parsed JSON, or null for 204) and headers. */
export interface Answer<T> {
  body: T;
  headers: Headers;
}

/**
 * One call to the staff API. A non-2xx answer throws ApiError with the
 * server's own message; no answer at all throws ApiError with status 0.
 */
export async function call<T>(path: string, options: Options & { expectSession?: boolean } = {}): Promise<Answer<T>> {
  const { expectSession = true, ...kyOptions } = options;
  let response: Response;
  try {
    response = await http(path, kyOptions);
  } catch (err) {
    throw new ApiError(0, "The server did not answer. Check the connection and try again.", {}, null);
  }
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) {
    if (response.status === 401 && expectSession) onSessionLost();
    const body = (parsed && typeof parsed === "object" ? parsed : {}) as ApiErrorBody;
    throw new ApiError(response.status, body.error ?? `The server answered ${response.status} ${response.statusText}`.trim(), body, response.headers);
  }
  return { body: parsed as T, headers: response.headers };
}
