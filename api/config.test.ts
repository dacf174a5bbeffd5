import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, demoPort: 3001, contactRateLimit: 20, mail: null, publicOrigin: "http://localhost:3000" });
    expect(c.leadOrigins).toEqual(expect.arrayContaining(["http://localhost:3000", "http://localhost:3001"]));
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.limits).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 15_000, maxConnections: 1000, maxConnectionsPerAddress: 100, trustProxy: false });
  });

  it("always allows the site and demo origins, plus ALLOWED_ORIGINS", () => {
    const c = loadConfig({ PORT: "8080", DEMO_PORT: "8081", ALLOWED_ORIGINS: " https://resort.example/ , https://town.example:8443" });
    expect(c.leadOrigins).toEqual(
      expect.arrayContaining(["http://localhost:8080", "http://localhost:8081", "https://resort.example", "https://town.example:8443"]),
    );
  });

  it("names the organisation the staff console is branded with: ORGANISATION_NAME, else today's business name", () => {
    expect(loadConfig({}).organisationName).toBe("Sussex Coast Golf Carts");
    expect(loadConfig({ ORGANISATION_NAME: "  Coast Carts Group " }).organisationName).toBe("Coast Carts Group");
    expect(() => loadConfig({ ORGANISATION_NAME: "x".repeat(101) })).toThrow(/ORGANISATION_NAME: must be at most 100 characters/);
  });

  it("reads TRUST_PROXY as Express's trust proxy value, off by default", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "5" }).trustProxy).toBe(5);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8,192.168.1.7" }).trustProxy).toEqual(["loopback", "10.0.0.0/8", "192.168.1.7"]);
  });

  it("keeps the stores in lowdb files unless DATABASE_URL names a PostgreSQL database", () => {
    expect(loadConfig({}).databaseUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: "postgres://gc:secret@db.example:5432/dealership" }).databaseUrl).toBe("postgres://gc:secret@db.example:5432/dealership");
    expect(loadConfig({ DATABASE_URL: "postgresql://127.0.0.1/gc" }).databaseUrl).toBe("postgresql://127.0.0.1/gc");
  });

  it("keeps photo files in PHOTOS_DIR, by default DATA_DIR/photos", () => {
    expect(loadConfig({ DATA_DIR: "/srv/gc" }).photosDir).toBe("/srv/gc/photos");
    expect(loadConfig({ DATA_DIR: "/srv/gc", PHOTOS_DIR: "/mnt/shared/photos" }).photosDir).toBe("/mnt/shared/photos");
  });

  it("encodes photos on one thread unless PHOTO_ENCODING=parallel, and names any other value", () => {
    expect(loadConfig({}).photoEncoding).toBe("one-thread");
    expect(loadConfig({ PHOTO_ENCODING: "parallel" }).photoEncoding).toBe("parallel");
    expect(() => loadConfig({ PHOTO_ENCODING: "fast" })).toThrow(/PHOTO_ENCODING/);
  });

  it("re-encodes photos' large originals unless PHOTO_ORIGINALS says keep or drop, and names any other value", () => {
    expect(loadConfig({}).photoOriginals).toBe("reencode");
    expect(loadConfig({ PHOTO_ORIGINALS: "keep" }).photoOriginals).toBe("keep");
    expect(loadConfig({ PHOTO_ORIGINALS: "drop" }).photoOriginals).toBe("drop");
    expect(() => loadConfig({ PHOTO_ORIGINALS: "shrink" })).toThrow(/PHOTO_ORIGINALS.*keep, reencode or drop/);
  });

  it("names a DATABASE_URL that is not PostgreSQL's, without echoing its password", () => {
    for (const bad of ["mysql://u:hunter2@db/x", "postgres://u:hunter2@db.example", "not a url hunter2"]) {
      expect(() => loadConfig({ DATABASE_URL: bad })).toThrow(/DATABASE_URL: must be a postgres:\/\//);
      expect(() => loadConfig({ DATABASE_URL: bad })).not.toThrow(/hunter2/);
    }
  });

  it("reads mail settings together", () => {
    expect(loadConfig({ SMTP_URL: "smtp://mail.example:587", LEAD_TO: "sales@example.com", LEAD_FROM: "web@example.com" }).mail).toEqual({
      smtpUrl: "smtp://mail.example:587",
      to: "sales@example.com",
      from: "web@example.com",
      retryBaseMs: 5000,
    });
  });

  it.each([
    [{ PORT: "eighty" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ DEMO_PORT: "-1" }, /DEMO_PORT/],
    [{ CONTACT_RATE_LIMIT: "-3" }, /CONTACT_RATE_LIMIT/],
    [{ CONTACT_RATE_LIMIT: "lots" }, /CONTACT_RATE_LIMIT/],
    [{ ALLOWED_ORIGINS: "resort.example" }, /ALLOWED_ORIGINS/],
    [{ ALLOWED_ORIGINS: "https://resort.example/welcome" }, /ALLOWED_ORIGINS/],
    [{ ALLOWED_ORIGINS: "https://*.resort.example" }, /ALLOWED_ORIGINS/],
    [{ ALLOWED_ORIGINS: "ftp://resort.example" }, /ALLOWED_ORIGINS/],
    [{ SMTP_URL: "http://mail.example" }, /SMTP_URL/],
    [{ LEAD_TO: "sales" }, /LEAD_TO/],
    [{ SMTP_URL: "smtp://mail.example" }, /SMTP_URL, LEAD_TO and LEAD_FROM must be set together/],
    [{ NODE_ENV: "staging" }, /NODE_ENV/],
    [{ TRUST_PROXY: "true" }, /TRUST_PROXY: .*true is refused/],
    [{ TRUST_PROXY: "my-proxy.example" }, /TRUST_PROXY: must be a hop count/],
    [{ TRUST_PROXY: "10.0.0.0/99" }, /TRUST_PROXY/],
    [{ TRUST_PROXY: "100" }, /TRUST_PROXY: a hop count of 100 is more proxies than a real chain has: at most 5/],
    [{ TRUST_PROXY: "6" }, /TRUST_PROXY: a hop count of 6/],
    [{ HEADERS_TIMEOUT_MS: "40000" }, /HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS/],
    [{ MAX_CONNECTIONS: "0" }, /MAX_CONNECTIONS/],
    [{ MAX_CONNECTIONS_PER_IP: "-1" }, /MAX_CONNECTIONS_PER_IP/],
  ])("%o stops start-up naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
