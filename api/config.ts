import path from "node:path";
import express from "express";
import { z } from "zod";
import { BUSINESS } from "../domain/business";
import { OriginSchema } from "../domain/origin";
import { UNCONFIRMED_PER_RENTER } from "../domain/rental-booking";
import { UPCOMING_TEST_DRIVES_PER_VISITOR } from "../domain/test-drive";

const port = z.coerce.number().int().min(0).max(65535);

const origin = OriginSchema;

/** Express's `trust proxy`: false (off), a hop count, or the addresses and subnets of the proxies. */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_HELP =
  "must be a hop count (e.g. 1) or the proxies' addresses or subnets, comma-separated (e.g. loopback or 10.0.0.0/8,192.168.1.7); " +
  "true is refused, as it would let any client choose its address with X-Forwarded-For";

/** Most proxies a real chain has (a CDN, a load balancer, TLS termination, with room to spare): a larger count is a typo or a misunderstanding, and would let clients choose their address. */
export const MAX_TRUST_PROXY_HOPS = 5;

const trustProxy = z
  .string()
  .trim()
  .default("false")
  .transform((s, ctx): TrustProxy => {
    if (s === "false" || s === "0") return false;
    if (/^\d+$/.test(s)) {
      const hops = Number(s);
      if (hops <= MAX_TRUST_PROXY_HOPS) return hops;
      ctx.addIssue({
        code: "custom",
        message: `a hop count of ${s} is more proxies than a real chain has: at most ${MAX_TRUST_PROXY_HOPS}, the number of proxies in front of the server (usually 1); any more would let a client choose its address with X-Forwarded-For`,
      });
      return z.NEVER;
    }
    const list = s
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean);
    try {
      // Express compiles the value with the same parser it uses for every request.
      if (s === "true" || list.length === 0) throw new Error();
      express().set("trust proxy", list);
    } catch {
      ctx.addIssue({ code: "custom", message: TRUST_PROXY_HELP });
      return z.NEVER;
    }
    return list;
  });

/** Every environment variable the server reads, with its default (the Configuration tables of the README and docs/operations/configuration.md). */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    HOST: z.string().default("0.0.0.0"),
    PORT: port.default(3000),
    DEMO_PORT: port.default(3001),
    DATA_DIR: z.string().min(1).default("./data"),
    /** Where uploaded photos' files are kept (default DATA_DIR/photos); with several instances, a folder they all share. */
    PHOTOS_DIR: z.string().min(1).optional(),
    /** How photos are encoded (decision 0062): one-thread leaves the site a core; parallel is faster per photo. */
    PHOTO_ENCODING: z.enum(["one-thread", "parallel"]).default("one-thread"),
    /** What is kept of a photo's original (decision 0065): as sent, re-encoded once past 1 MB, or nothing. */
    PHOTO_ORIGINALS: z.enum(["keep", "reencode", "drop"], { error: "must be keep, reencode or drop" }).default("reencode"),
    /** PostgreSQL instead of the lowdb files under DATA_DIR (docs/decisions/0015). */
    DATABASE_URL: z
      .string()
      .refine((s) => {
        try {
          const u = new URL(s);
          return (u.protocol === "postgres:" || u.protocol === "postgresql:") && u.hostname !== "" && u.pathname.length > 1;
        } catch {
          return false;
        }
      }, "must be a postgres:// or postgresql:// URL with a host and a database name, e.g. postgres://user:password@db.example:5432/dealership")
      .optional(),
    /** Extra origins that may post leads, comma-separated. */
    ALLOWED_ORIGINS: z
      .string()
      .default("")
      .transform((s) =>
        s
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(z.array(origin)),
    /** Lead posts per IP per minute; 0 turns the limit off. */
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
    /** The proxies in front of the server whose X-Forwarded-For names the visitor. */
    TRUST_PROXY: trustProxy,
    /** Rental requests one e-mail or one address may hold before confirming their e-mail; 0 turns the limit off. */
    RENTAL_UNCONFIRMED_LIMIT: z.coerce.number().int().min(0).default(UNCONFIRMED_PER_RENTER),
    /** Upcoming test drives one e-mail or one address may hold at once; 0 turns the limit off. */
    TEST_DRIVE_LIMIT: z.coerce.number().int().min(0).default(UPCOMING_TEST_DRIVES_PER_VISITOR),
    /** Staff sign-in attempts per IP per 15 minutes; 0 turns the limit off. */
    STAFF_SIGNIN_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
    /** Public origin of the site, if it differs from http://localhost:PORT (e.g. behind a proxy). */
    PUBLIC_ORIGIN: origin.optional(),
    /** The organisation's name, which the staff console is branded with on every site (default: today's, BUSINESS.name). */
    ORGANISATION_NAME: z.string().trim().min(1, "must not be blank").max(100, "must be at most 100 characters").optional(),
    /** Public origin of the demo pages, if it differs from http://localhost:DEMO_PORT. */
    DEMO_ORIGIN: origin.optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    LEAD_TO: z.email().optional(),
    LEAD_FROM: z.email().optional(),
    /** First retry delay of a failed lead mail, doubling up to 15 minutes. */
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
    /** Longest time a client may take to send a whole request (headers and body). */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /** Longest time a client may take to send a request's headers. */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
    /** Serve the widget scripts' source maps (off: they are not public). */
    WIDGET_SOURCE_MAPS: z
      .enum(["true", "false"], { error: "must be true or false" })
      .default("false")
      .transform((s) => s === "true"),
    /** Most open connections per server (site, demo); more are closed at once. */
    MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1000),
    /** Most open connections per client address (an IPv6 /64) per server; more are closed at once. 0: no such limit. */
    MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(100),
    /** Most memory the rendered pages kept for every site may take, in MB; the least recently asked for go first. */
    PAGE_CACHE_MB: z.coerce.number().int().min(1).default(128),
    /** How often inventory sources are looked at: due URL fetches, finished files in drop folders. */
    INVENTORY_POLL_MS: z.coerce.number().int().min(100).default(15_000),
    /** On SIGTERM or SIGINT, how long requests in flight may take to finish before their connections are closed. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  })
  .refine((e) => e.HEADERS_TIMEOUT_MS <= e.REQUEST_TIMEOUT_MS, { path: ["HEADERS_TIMEOUT_MS"], message: "must not be longer than REQUEST_TIMEOUT_MS" });

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  demoPort: number;
  dataDir: string;
  /** PostgreSQL's URL when the stores are kept there; null: lowdb files under dataDir. */
  databaseUrl: string | null;
  /** Uploaded photos' files: PHOTOS_DIR, else DATA_DIR/photos. */
  photosDir: string;
  /** PHOTO_ENCODING: libvips on one thread and a photo's files one at a time, or every core at once. */
  photoEncoding: "one-thread" | "parallel";
  /** PHOTO_ORIGINALS: each photo's original kept as sent, re-encoded once past 1 MB, or not kept. */
  photoOriginals: "keep" | "reencode" | "drop";
  /** The site's own origin and the demo origin, then ALLOWED_ORIGINS. */
  leadOrigins: string[];
  publicOrigin: string;
  demoOrigin: string;
  contactRateLimit: number;
  /** RENTAL_UNCONFIRMED_LIMIT (0: no limit). */
  rentalUnconfirmedLimit: number;
  /** TEST_DRIVE_LIMIT (0: no limit). */
  testDriveLimit: number;
  trustProxy: TrustProxy;
  /** Whether /widgets/*.map is served. */
  widgetSourceMaps: boolean;
  /** Limits of each HTTP server, so slow or idle clients cannot hold it. */
  limits: ServerLimits;
  /** Staff sign-in attempts per IP per 15 minutes (0: no limit). */
  staffSignInRateLimit: number;
  /** The site's own origins (publicOrigin and its 127.0.0.1 twin); staff writes come from them or another site's domain on their scheme and port. */
  staffOrigins: string[];
  /** ORGANISATION_NAME: the dealership group's name, the staff console's brand on every site. */
  organisationName: string;
  /** Session cookies are Secure when the public origin is https. */
  secureCookies: boolean;
  mail: { smtpUrl: string; to: string; from: string; retryBaseMs: number } | null;
  /** On SIGTERM or SIGINT, how long requests in flight may take before their connections are closed. */
  shutdownTimeoutMs: number;
  /** PAGE_CACHE_MB in bytes: the bound of the rendered pages kept in memory (host-site/server/page-cache.ts). */
  pageCacheBytes: number;
  /** INVENTORY_POLL_MS: how often the inventory sources' schedule looks for work (api/inventory-sync.ts). */
  inventoryPollMs: number;
}

export interface ServerLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  maxConnections: number;
  /** Most open connections from one client address; 0: no such limit. A trusted proxy's are not counted. */
  maxConnectionsPerAddress: number;
  /** TRUST_PROXY: connections from these proxies count only against maxConnections. */
  trustProxy: TrustProxy;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Read and validate the environment once. Throws ConfigError naming every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = EnvSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const mailVars = [e.SMTP_URL, e.LEAD_TO, e.LEAD_FROM];
  if (mailVars.some(Boolean) && !mailVars.every(Boolean)) {
    throw new ConfigError("Invalid configuration:\n  SMTP_URL, LEAD_TO and LEAD_FROM must be set together");
  }
  const publicOrigin = e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`;
  const demoOrigin = e.DEMO_ORIGIN ?? `http://localhost:${e.DEMO_PORT}`;
  const loopbackTwins = (o: string) => [o, o.replace("//localhost", "//127.0.0.1")];
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    demoPort: e.DEMO_PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    photosDir: path.resolve(e.PHOTOS_DIR ?? path.join(e.DATA_DIR, "photos")),
    photoEncoding: e.PHOTO_ENCODING,
    photoOriginals: e.PHOTO_ORIGINALS,
    leadOrigins: [...new Set([...loopbackTwins(publicOrigin), ...loopbackTwins(demoOrigin), ...e.ALLOWED_ORIGINS])],
    publicOrigin,
    demoOrigin,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    rentalUnconfirmedLimit: e.RENTAL_UNCONFIRMED_LIMIT,
    testDriveLimit: e.TEST_DRIVE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    widgetSourceMaps: e.WIDGET_SOURCE_MAPS,
    limits: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
      maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_IP,
      trustProxy: e.TRUST_PROXY,
    },
    staffSignInRateLimit: e.STAFF_SIGNIN_RATE_LIMIT,
    staffOrigins: [...new Set(loopbackTwins(publicOrigin))],
    organisationName: e.ORGANISATION_NAME ?? BUSINESS.name,
    secureCookies: publicOrigin.startsWith("https:"),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    inventoryPollMs: e.INVENTORY_POLL_MS,
    mail: e.SMTP_URL && e.LEAD_TO && e.LEAD_FROM ? { smtpUrl: e.SMTP_URL, to: e.LEAD_TO, from: e.LEAD_FROM, retryBaseMs: e.MAIL_RETRY_BASE_MS } : null,
  };
}
