import ky, { HTTPError } from "ky";

/** Reads retry 3 times (spec §7); a lead post is never retried automatically. */
export const READ_RETRIES = 3;
const TIMEOUT_MS = 15_000;

export const http = ky.create({ timeout: TIMEOUT_MS, retry: { limit: READ_RETRIES, methods: ["get"] } });
export const httpOnce = ky.create({ timeout: TIMEOUT_MS, retry: 0 });

/** The status of a failed response, or undefined for a network failure. */
export const statusOf = (err: unknown): number | undefined => (err instanceof HTTPError ? err.response.status : undefined);

/** A person-readable reason for a failed request. */
export function describeFailure(err: unknown): string {
  const status = statusOf(err);
  if (status !== undefined) return `HTTP error! status: ${status}`;
  if (err instanceof Error && err.name === "TimeoutError") return "the server took too long to answer";
  return err instanceof Error ? err.message : String(err);
}
