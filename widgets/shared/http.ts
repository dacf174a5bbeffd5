import ky, { HTTPError } from "ky";

/** Reads retry 3 times (spec §7 "The calls it makes": the vehicle list retries 3 times); a lead post is never retried automatically. */
export const READ_RETRIES = 3;
const TIMEOUT_MS = 15_000;

export const http = ky.create({ timeout: TIMEOUT_MS, retry: { limit: READ_RETRIES, methods: ["get"] } });

/** The status of a failed response, or undefined for a network failure or a timeout. */
export const statusOf = (err: unknown): number | undefined => (err instanceof HTTPError ? err.response.status : undefined);

/** Whether a failed response is JSON, as every answer of the API is (an HTML 404 is some other server's). */
export const answeredJson = (err: unknown): boolean => err instanceof HTTPError && /json/i.test(err.response.headers.get("content-type") ?? "");
