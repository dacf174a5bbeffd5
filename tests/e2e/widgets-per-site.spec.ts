/**
 * Widget scripts talk to the site they are served from: a partner's page that loads the all-in-one script
 * from a site's host shows that site's phone when the API fails, links to vehicle pages on that site's host, and its
 * contact form's lead lands in that site's inbox and goes to that site's recipients (a real SMTP sink). The server is
 * the real app with the built pages and widgets (`npm run build`), in this process so the test adds Cape May through
 * the store, as the console's save does; the partner page is on a third origin.
 */
import { readFileSync } from "node:fs";
import { signIn, addAccount } from "../../api/testing/staff-client";
import { fetchAsHost } from "../../api/testing/host-fetch";
import { startSmtpSink, type SmtpSink } from "../../api/testing/smtp-sink";
import { startTestServer, type TestServer } from "../../api/testing/test-server";
import { storedLeads } from "../../api/testing/stored-leads";
import type { Site } from "../../domain/site";
import { firstSite, sitesFromExample } from "../../domain/site-seed";
import { siteTraces, tracesIn } from "../fixtures/site-traces";
import { expect, RECORD_EVENTS, test } from "./third-origin";

const [capeMayExample] = sitesFromExample(JSON.parse(readFileSync(new URL("../fixtures/example-sites.json", import.meta.url), "utf8")));
/** Cape May as the test serves it: a loopback name Chromium can reach as its primary domain, and its own lead recipients. */
const capeMay: Site = { ...capeMayExample!, domains: ["cape-may.localhost", ...capeMayExample!.domains], leadRecipients: ["leads@capemay.example"] };
const sussex = firstSite();
const LEAD_TO = "sales@dealer.example";
const OWNER = { email: "owner@example.com", password: "owner password 1" };
/** A vehicle of the seed catalogue, shown on every site. */
const VEHICLE = "d5-ranger-4-plus";

test.describe("widgets served per site", () => {
  test.skip(({ isMobile }) => isMobile, "hosts and facts, not a screen size, are under test");
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  let s: TestServer;
  let smtp: SmtpSink;
  test.afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  /** The server of both sites (started once), the partner's origin allowed to post leads to each. */
  async function serve(partner: string): Promise<void> {
    if (s) return;
    smtp = await startSmtpSink();
    s = await startTestServer(
      { SMTP_URL: smtp.url, LEAD_TO, LEAD_FROM: "web@dealer.example", MAIL_RETRY_BASE_MS: "100", ALLOWED_ORIGINS: partner },
      undefined,
      { builtSite: true },
    );
    await s.sites.create(capeMay);
    // Allowed for Cape May through the Origins API on Cape May's host, as its owner does in the console.
    await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
    const cookie = await signIn(s, OWNER.email, OWNER.password);
    const put = await fetchAsHost(`${s.url}/api/staff/origins`, "cape-may.localhost", {
      method: "PUT",
      headers: { cookie, origin: s.origin, "content-type": "application/json" },
      body: JSON.stringify({ added: [partner] }),
    });
    expect(put.status).toBe(200);
  }

  for (const [name, host, site, other, recipients] of [
    ["the first site", "localhost", sussex, capeMay, [LEAD_TO]],
    ["Cape May", "cape-may.localhost", capeMay, sussex, capeMay.leadRecipients!],
  ] as const) {
    test(`a partner page embedding from ${name}'s host shows its phone and links, and its lead lands in its inbox and mail`, async ({
      page,
      thirdOrigin,
      consoleGuard,
    }) => {
      await serve(thirdOrigin.origin);
      const dealer = `http://${host}:${new URL(s.url).port}`;
      // One vehicle's API call fails: its widget falls back to the phone.
      consoleGuard.allow(/Failed to load resource/);
      await page.route(new RegExp(`/api/vehicles/${VEHICLE}$`), (route) => route.abort());
      const html =
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Resort</title>${RECORD_EVENTS}` +
        `<script src="${dealer}/widgets/gc-widgets.js" defer></script></head><body><h1>Sunny Dunes Resort</h1>` +
        `<gc-vehicle-detail vehicle-id="${VEHICLE}"></gc-vehicle-detail><gc-inventory limit="2"></gc-inventory>` +
        `<gc-contact-form source="resort-${host}" redirect=""></gc-contact-form></body></html>`;
      await page.goto(thirdOrigin.page(`/resort-${host}.html`, html));

      const alert = page.locator("gc-vehicle-detail").getByRole("alert");
      await expect(alert.getByRole("link", { name: `Call ${site.phones.main.display}` })).toHaveAttribute("href", `tel:${site.phones.main.e164}`);
      await expect(page.locator("gc-vehicle-detail")).not.toContainText(other.phones.main.display);

      const cards = page.locator("gc-inventory").getByRole("list", { name: "Vehicles" }).getByRole("link");
      await expect(cards).toHaveCount(2);
      for (const href of await cards.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))) {
        expect(new URL(href).origin, href).toBe(dealer);
        expect(new URL(href).pathname).toMatch(/^\/vehicles\/[\w-]+$/);
      }

      const form = page.locator("gc-contact-form");
      await page.waitForFunction(() =>
        (window as unknown as { gcEvents: { type: string; widget: string }[] }).gcEvents.some((e) => e.type === "gc-ready" && e.widget === "gc-contact-form"),
      );
      const email = `partner-${host}@example.com`;
      await form.getByLabel("First Name").fill(host === "localhost" ? "Sussex" : "Cape");
      await form.getByLabel("Last Name").fill("Reyes");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Phone").fill("(302) 555-0100");
      await form.getByLabel("Message").fill("Could we rent six carts for our guests in May?");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByText("Message sent")).toBeVisible();

      // Its inbox, and only its inbox.
      const lead = (await storedLeads(s.leads)).find((l) => l.email === email);
      expect(lead).toMatchObject({ site: site.id, source: `resort-${host}`, origin: thirdOrigin.origin });
      // Its mail, to its own recipients.
      await expect.poll(() => smtp.messages.find((m) => m.replyTo?.text.includes(email) || m.text?.includes(email))?.to).toBeTruthy();
      const mail = smtp.messages.find((m) => m.replyTo?.text.includes(email) || m.text?.includes(email))!;
      expect(mail.to && "text" in mail.to ? mail.to.text.split(", ") : []).toEqual(recipients);
      expect(/^Site: (.*)$/m.exec(mail.text ?? "")?.[1]).toBe(site.name);
    });
  }

  test("every script Cape May serves, latest and pinned, carries none of the first site's facts", async ({ thirdOrigin }) => {
    await serve(thirdOrigin.origin);
    const { version, files } = JSON.parse(readFileSync("dist/widgets/integrity.json", "utf8")) as { version: string; files: Record<string, string> };
    for (const file of Object.keys(files).flatMap((f) => [f, `${version}/${f}`])) {
      const text = await (await fetchAsHost(`${s.url}/widgets/${file}`, "cape-may.localhost")).text();
      // Each loader carries Cape May's facts for the chunks it loads (decision 0060); the chunks carry no site's.
      const chunk = /(^|\/)chunk-/.test(file);
      expect(text.includes(capeMay.phones.main.display), file).toBe(!chunk);
      expect(tracesIn(text, siteTraces(sussex)), file).toEqual([]);
    }
  });
});
