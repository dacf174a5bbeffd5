/**
 * Leads of many sites from one deployment: each lead records the
 * site it was posted through (the request's host), and the inbox lists,
 * counts and exports it and filters by it; on both storage engines.
 */
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { InboxLead, LeadCounts } from "../domain/lead-follow-up";
import { sitesFromExample } from "../domain/site-seed";
import { openStores } from "./store/open-stores";
import { fetchAsHost } from "./testing/host-fetch";
import { postgresForSuite } from "./testing/suite-postgres";
import { startSmtpSink } from "./testing/smtp-sink";
import { addAccount, signIn } from "./testing/staff-client";
import { startTestServer, validLead, type TestServer } from "./testing/test-server";
import { storedLeads } from "./testing/stored-leads";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const [example] = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
/** Cape May, reachable in tests as cape-may.localhost. */
export const CAPE_MAY = {
  ...example!,
  domains: [...example!.domains, "cape-may.localhost"],
  leadRecipients: ["leads@capemay.example", "owner@capemay.example"],
};
const OWNER = { email: "owner@example.com", password: "owner password 1" };

const postgres = await postgresForSuite();
const { unavailable } = postgres;
const servers: TestServer[] = [];
const sinks: Awaited<ReturnType<typeof startSmtpSink>>[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A server of both sites, on lowdb or PostgreSQL, with an owner account. */
async function twoSiteServer(engine: "lowdb" | "postgres", env: Record<string, string> = {}): Promise<TestServer> {
  const databaseUrl = engine === "postgres" ? await postgres.createDatabase() : null;
  const s = await startTestServer(databaseUrl ? { ...env, DATABASE_URL: databaseUrl } : env);
  servers.push(s);
  await s.sites.create(CAPE_MAY);
  if (databaseUrl) {
    const stores = await openStores({ dataDir: s.dataDir, databaseUrl, leadOrigins: [] });
    await stores.staff.accounts.add({ ...OWNER, role: "owner" });
    await stores.close();
  } else await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
  return s;
}

/** POST /api/contact through a site's host name, as its own page (or the partner `origin`) would. */
export const postLead = (s: TestServer, host: string, over: Record<string, unknown> = {}, origin?: string) =>
  fetchAsHost(`${s.url}/api/contact`, host, {
    method: "POST",
    headers: { "content-type": "application/json", ...(origin ? { origin } : {}) },
    body: JSON.stringify(validLead(over)),
  });

const json = async <T>(res: Response) => (await res.json()) as T;

describe.each(["lowdb", "postgres"] as const)("leads per site (%s)", (engine) => {
  it.skipIf(engine === "postgres" && unavailable)(
    "a lead posted through each site lands with its own site; the inbox lists, counts, exports and filters by it",
    async () => {
      const s = await twoSiteServer(engine);
      const local = await postLead(s, "localhost", { firstName: "Sussex" });
      expect(local.status).toBe(201);
      const cape = await postLead(s, "cape-may.localhost", { firstName: "Cape" });
      expect(cape.status).toBe(201);
      const capeId = (await json<{ id: string }>(cape)).id;
      expect(await s.leads.get(capeId)).toMatchObject({ firstName: "Cape", site: "cape-may" });
      expect((await storedLeads(s.leads)).map((l) => `${l.firstName} ${l.site}`)).toEqual(["Sussex sussex-coast", "Cape cape-may"]);

      const unknown = await postLead(s, "nobody.localhost", { firstName: "Lost" });
      expect(unknown.status).toBe(421);
      expect(await json<{ error: string }>(unknown)).toEqual({ error: "No site of this deployment is served on this host name" });
      expect(await storedLeads(s.leads)).toHaveLength(2);

      const cookie = await signIn(s, OWNER.email, OWNER.password);
      const get = (url: string) => fetch(`${s.url}${url}`, { headers: { cookie } });
      const page = await json<{ leads: InboxLead[] }>(await get("/api/staff/leads?site=cape-may"));
      expect(page.leads.map((l) => `${l.firstName} ${l.site}`)).toEqual(["Cape cape-may"]);
      const counts = await json<LeadCounts>(await get("/api/staff/leads/counts"));
      expect(counts.bySite).toEqual([
        { site: "cape-may", count: 1 },
        { site: "sussex-coast", count: 1 },
      ]);
      const csv = (await (await get("/api/staff/leads.csv?site=sussex-coast")).text()).trimEnd().split("\r\n");
      const siteColumn = csv[0]!.split(",").indexOf("site");
      expect(csv[0]).toMatch(/,sentAt,site,/);
      expect(csv.slice(1).map((line) => line.split(",")[siteColumn])).toEqual(["sussex-coast"]);
      const bad = await get("/api/staff/leads?site=Not%20A%20Site");
      expect(bad.status).toBe(400);
      expect((await json<{ fields: Record<string, string> }>(bad)).fields).toEqual({ site: expect.stringMatching(/^site must be a slug/) });
    },
  );
});

describe.each(["lowdb", "postgres"] as const)("lead mail per site (%s)", (engine) => {
  it.skipIf(engine === "postgres" && unavailable)(
    "each site's lead goes to its own recipients (else LEAD_TO), in its own name, with the site as the ADF's vendor",
    async () => {
      const smtp = await startSmtpSink();
      sinks.push(smtp);
      const s = await twoSiteServer(engine, {
        SMTP_URL: smtp.url,
        LEAD_TO: "sales@dealer.example",
        LEAD_FROM: "web@dealer.example",
        MAIL_RETRY_BASE_MS: "100",
      });
      expect((await postLead(s, "localhost", { firstName: "Sussex" })).status).toBe(201);
      expect((await postLead(s, "cape-may.localhost", { firstName: "Cape" })).status).toBe(201);
      await vi.waitFor(() => expect(smtp.messages).toHaveLength(2), { timeout: 10_000 });

      const mail = (first: string) => {
        const m = smtp.messages.find((x) => x.subject?.includes(first))!;
        const adf = m.attachments.find((a) => a.filename?.endsWith(".adf.xml"))!.content.toString("utf8");
        const doc = new new JSDOM().window.DOMParser().parseFromString(adf, "application/xml");
        const vendor = (q: string) => doc.querySelector(`vendor ${q}`)?.textContent;
        return {
          to: m.to && "text" in m.to ? m.to.text : "",
          subject: m.subject,
          messageId: m.messageId,
          site: /^Site: (.*)$/m.exec(m.text ?? "")?.[1],
          vendor: [vendor("vendorname"), vendor("phone"), vendor("street"), vendor("city"), vendor("regioncode"), vendor("postalcode")],
          provider: doc.querySelector("provider url")?.textContent,
        };
      };
      expect(mail("Sussex")).toEqual({
        to: "sales@dealer.example",
        subject: "[Sales lead] Sussex Coast Golf Carts website: Sussex Reyes",
        messageId: expect.stringMatching(/^<lead-.+@www\.sussexcoastgolfcarts\.example>$/),
        site: "Sussex Coast Golf Carts",
        vendor: ["Sussex Coast Golf Carts", "(302) 555-0142", "100 Coastal Cart Lane", "Georgetown", "DE", "19947"],
        provider: "https://www.sussexcoastgolfcarts.example",
      });
      expect(mail("Cape")).toEqual({
        to: "leads@capemay.example, owner@capemay.example",
        subject: "[Sales lead] Cape May Coast Golf Carts website: Cape Reyes",
        messageId: expect.stringMatching(/^<lead-.+@www\.capemaycoastgolfcarts\.example>$/),
        site: "Cape May Coast Golf Carts",
        vendor: ["Cape May Coast Golf Carts", "(609) 555-0163", "410 Shore Road", "Cape May Court House", "NJ", "08210"],
        provider: "https://www.capemaycoastgolfcarts.example",
      });
      // No trace of the other site in either mail.
      const cape = smtp.messages.find((x) => x.subject?.includes("Cape"))!;
      expect(`${cape.text}${cape.html}`).not.toMatch(/Sussex|302\) 555|Lewes/);
    },
  );
});

describe.each(["lowdb", "postgres"] as const)("partner origins per site (%s)", (engine) => {
  it.skipIf(engine === "postgres" && unavailable)(
    "the Origins API works on the request's site; an origin added for one site posts through it only; start-up origins are the first site's",
    async () => {
      const s = await twoSiteServer(engine, { ALLOWED_ORIGINS: "https://startup-partner.example" });
      const cookie = await signIn(s, OWNER.email, OWNER.password);
      const staff = (host: string, method: string, body?: unknown) =>
        fetchAsHost(`${s.url}/api/staff/origins`, host, {
          method,
          headers: { cookie, origin: s.origin, ...(body ? { "content-type": "application/json" } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const cape = "https://cape-partner.example";

      const put = await staff("cape-may.localhost", "PUT", { added: [cape] });
      expect(put.status).toBe(200);
      expect(await json(put)).toEqual({ site: "cape-may", startup: [], added: [cape] });
      expect(await json(await staff("localhost", "GET"))).toMatchObject({ added: [] });
      expect((await json<{ startup: string[] }>(await staff("localhost", "GET"))).startup).toContain("https://startup-partner.example");

      const status = async (host: string, origin: string) => (await postLead(s, host, {}, origin)).status;
      expect(await status("cape-may.localhost", cape)).toBe(201);
      expect(await status("localhost", cape)).toBe(403);
      expect(await status("localhost", "https://startup-partner.example")).toBe(201);
      expect(await status("cape-may.localhost", "https://startup-partner.example")).toBe(403);
      // A site's own page posting to its own API.
      const port = new URL(s.url).port;
      expect(await status("cape-may.localhost", `http://cape-may.localhost:${port}`)).toBe(201);
      expect(await status("cape-may.localhost", `https://cape-may.localhost:${port}`)).toBe(201);
      expect(await status("cape-may.localhost", `http://localhost:${port}`)).toBe(403);
      expect(await status("cape-may.localhost", `http://cape-may.localhost:1`)).toBe(403);
      expect(await status("cape-may.localhost", `http://cape-may.localhost.evil.example:${port}`)).toBe(403);
      expect((await storedLeads(s.leads)).map((l) => `${l.site} ${l.origin}`)).toEqual([
        `cape-may ${cape}`,
        "sussex-coast https://startup-partner.example",
        `cape-may http://cape-may.localhost:${port}`,
        `cape-may https://cape-may.localhost:${port}`,
      ]);
      expect((await staff("nobody.localhost", "GET")).status).toBe(421);
    },
  );
});
