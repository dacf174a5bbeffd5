import { afterEach } from "vitest";
import { toLocalDateTime } from "../../domain/local-time";

/**
 * The environment that turns lead mail on against an SMTP sink at `url`. `retryMs`: the first retry's wait (short, so
 * a test sees a retry; long, so that none comes during it).
 */
export const mailEnv = (url: string, retryMs = 100) => ({
  SMTP_URL: url,
  LEAD_TO: "sales@dealer.example",
  LEAD_FROM: "web@dealer.example",
  MAIL_RETRY_BASE_MS: String(retryMs),
});

/** `track(x)`: `x` (a server, a sink) is closed after the current test, the last one opened first. Call at the top level of a file or describe. */
export function closedAfterEach(): <T extends { close(): Promise<void> }>(x: T) => T {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  return (x) => (cleanups.push(() => x.close()), x);
}

/** A day `days` from now at `hour`:00, as a datetime-local value in the first site's time zone (America/New_York). */
export const dayAhead = (days: number, hour = 10) =>
  `${toLocalDateTime(new Date(Date.now() + days * 86_400_000), "America/New_York").slice(0, 10)}T${String(hour).padStart(2, "0")}:00`;
