/**
 * The console works on the site chosen in its header's switcher, and says which. An owner chooses a
 * second site, adds a partner's origin on Partner origins, and the contact form on that partner's page (a third
 * origin, loading the second site's script) sends a lead to the second site; the first site's list is untouched.
 * Staff also sign in on the second site's own host, where the per-site pages work on that site. The console is
 * branded with the organisation's name on every host. Screens at 1280 and 390 px are kept as attachments.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { readStoredLeads } from "../../api/store/lead-files";
import type { Site } from "../../domain/site";
import { sitesFromExample } from "../../domain/site-seed";
import { E2E_DATA_DIR, E2E_PORT } from "../../playwright.config";
import { addAccountWithCli, signedInApi, signInWithForm } from "./staff-fixtures";
import { expect, test } from "./third-origin";
import { screens } from "./screens";

const [capeMayExample] = sitesFromExample(JSON.parse(readFileSync(new URL("../fixtures/example-sites.json", import.meta.url), "utf8")));
const CAPE_MAY = "Cape May Coast Golf Carts";
const FIRST = "Sussex Coast Golf Carts";

/** The owner's view of a site's partner origins, through the API. */
const originsOf = async (api: APIRequestContext, site: string) =>
  ((await (await api.get(`/api/staff/origins?site=${site}`)).json()) as { added: string[] }).added;

test.describe("the console on a second site", () => {
  test.skip(({ isMobile }) => isMobile, "the sites and what they allow are under test; the screens are checked at both widths in the test");
  // Another site in the shared server, only while these tests run (staff-sites.spec.ts counts the sites too).
  test.describe.configure({ mode: "serial" });

  let api: APIRequestContext;
  let site: Site;
  let host: string;
  test.beforeAll(async () => {
    const tag = randomBytes(3).toString("hex");
    site = { ...capeMayExample!, id: `cape-may-${tag}`, domains: [`cape-may-${tag}.localhost`] };
    host = `http://${site.domains[0]}:${E2E_PORT}`;
    api = await signedInApi(addAccountWithCli("owner"));
    const made = await api.post("/api/staff/sites", { data: site });
    expect(made.status(), await made.text()).toBe(201);
  });
  test.afterAll(async () => {
    await api.delete(`/api/staff/sites/${site.id}?force=1`);
    await api.dispose();
  });

  test("an owner adds a partner origin for the second site through the switcher, and the partner's page sends a lead to that site", async ({
    page,
    thirdOrigin,
  }) => {
    const owner = addAccountWithCli("owner");
    await signInWithForm(page, owner);
    await expect(page.locator(".top__brand")).toHaveText(`${FIRST} Staff`);
    await page.getByRole("link", { name: "Partner origins" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Partner origins" })).toBeVisible();
    await expect(page).toHaveTitle(`Partner origins · Staff console · ${FIRST}`);

    // A page that works on one site shows it in the switcher (no "All sites"), and names it.
    const switcher = page.locator("header.top").getByLabel("Site", { exact: true });
    await expect(switcher.locator("option:checked")).toHaveText(FIRST);
    await expect(switcher.locator("option", { hasText: "All sites" })).toHaveCount(0);
    await switcher.selectOption({ label: CAPE_MAY });
    await expect(page.locator(".site-note")).toHaveText(`The partner origins of ${CAPE_MAY}, the site chosen in the header's Site list.`);
    await expect(page.getByRole("region", { name: "Set at start-up" })).toContainText("None for this site");

    // The partner's server under a host name of this test's own, so no other spec has allowed it on any site.
    const partner = thirdOrigin.origin.replace("//localhost:", `//partner-${site.id}.localhost:`);
    await page.getByLabel("Origin", { exact: true }).fill(partner);
    await page.getByRole("button", { name: "Add origin" }).click();
    await expect(page.getByRole("status").filter({ hasText: "may now send" })).toHaveText(`${partner} may now send leads to ${CAPE_MAY}.`);
    await expect(page.getByRole("region", { name: "Added here" }).getByText(partner, { exact: true })).toBeVisible();
    await screens(page, "origins-second-site");
    expect(await originsOf(api, site.id)).toEqual([partner]);
    expect(await originsOf(api, "sussex-coast")).not.toContain(partner);

    try {
      // The partner's page embeds the second site's contact form, as its Embed page writes it.
      await page.getByRole("link", { name: "Embed" }).click();
      await expect(page.locator(".site-note")).toHaveText(`Snippets for ${CAPE_MAY}, the site chosen in the header's Site list.`);
      const snippet = page.getByLabel("Snippet to paste");
      await expect(snippet).toContainText(`<script src="${host}/widgets/contact-form.js" defer></script>`);
      await expect(snippet).toContainText("(609) 555-0163");
      await screens(page, "embed-second-site");
      const url = thirdOrigin
        .page(
          "/cape-may-resort.html",
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Resort</title>` +
            `</head><body><h1>Stay with us</h1>${await snippet.textContent()}</body></html>`,
        )
        .replace(thirdOrigin.origin, partner);
      const visitor = await page.context().newPage();
      await visitor.goto(url);
      const form = visitor.locator("gc-contact-form");
      const lastName = `Partner-${randomBytes(3).toString("hex")}`;
      await form.getByLabel("First Name").fill("Robin");
      await form.getByLabel("Last Name").fill(lastName);
      await form.getByLabel("Email").fill("robin@example.com");
      await form.getByLabel("Phone").fill("(609) 555-0111");
      await form.getByLabel("Message").fill("Can a 6-seater be delivered to the resort?");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByText("Message sent")).toBeVisible();
      await visitor.close();
      const stored = (await readStoredLeads(E2E_DATA_DIR)).filter((l) => l.lastName === lastName);
      expect(stored.map((l) => `${l.site} ${l.origin}`)).toEqual([`${site.id} ${partner}`]);
    } finally {
      await api.put(`/api/staff/origins?site=${site.id}`, { data: { added: [] } });
    }
  });

  test("staff sign in on the second site's own host: the per-site pages work on it, the rental desk and fleet included; the brand is the organisation's", async ({
    page,
  }) => {
    const owner = addAccountWithCli("owner");
    await page.goto(`${host}/staff`);
    await expect(page).toHaveTitle(`Staff sign-in · Staff console · ${FIRST}`);
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
    await expect(page.locator(".top__brand")).toHaveText(`${FIRST} Staff`);

    await page.getByRole("link", { name: "Rentals" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rentals" })).toBeVisible();
    await expect(page.locator("header.top").getByLabel("Site", { exact: true }).locator("option:checked")).toHaveText(CAPE_MAY);
    await expect(page.locator(".site-note")).toHaveText(`The rental desk and fleet of ${CAPE_MAY}, the site chosen in the header's Site list.`);
    const fleet = page.getByRole("region", { name: "Fleet and turnaround" });
    await expect(fleet).toContainText(`Of ${CAPE_MAY}.`);
    const turnaround = fleet.getByLabel("Turnaround (hours)");
    const before = Number(await turnaround.inputValue());
    await turnaround.fill(String(before + 1));
    await fleet.getByRole("button", { name: "Save fleet" }).click();
    await expect(fleet.getByRole("status")).toHaveText(
      `Fleet, turnaround and booking horizon of ${CAPE_MAY} saved: its availability and new requests count with them at once.`,
    );
    await screens(page, "rentals-second-site-host");
    const saved = (await (await api.get(`/api/staff/rentals/settings?site=${site.id}`)).json()) as { turnaroundHours: number };
    expect(saved.turnaroundHours).toBe(before + 1);

    // Partner origins on this host are the second site's too, with nothing chosen in the header.
    await page.getByRole("link", { name: "Partner origins" }).click();
    await expect(page.locator(".site-note")).toHaveText(`The partner origins of ${CAPE_MAY}, the site chosen in the header's Site list.`);
  });
});
