/** The Embed page writes the partner guide's snippet: each element with its room kept and a fallback, and a pinned release with SRI. */
import { readFileSync } from "node:fs";
import { reserveRule, reserveStyle } from "../../widgets/embed-snippet";
import { expect, test } from "./staff-fixtures";

test("the Embed page's snippet keeps the widget's room with a fallback (link and phone), and offers the release pinned with SRI", async ({
  signedInPage: page,
}) => {
  await page.goto("/staff/embed");
  await page.getByRole("radio", { name: /gc-rental-pricing/ }).check();
  const snippet = page.getByRole("region", { name: "Snippet" }).getByLabel("Snippet to paste");
  await expect(snippet).toContainText(`<gc-rental-pricing style="${reserveStyle({ tag: "gc-rental-pricing" })}">`);
  await expect(snippet).toContainText(
    /<a href="http:\/\/localhost:\d+\/rentals">See our rental prices<\/a> or call <a href="tel:\+1\d+">\(\d{3}\) \d{3}-\d{4}<\/a>/,
  );
  await expect(snippet).toContainText(/\/widgets\/rental-pricing\.js" defer><\/script>/);

  // For a page with a strict Content-Security-Policy: no style attribute, and the rule for the page's stylesheet.
  await page.getByRole("checkbox", { name: /strict Content-Security-Policy/ }).check();
  await expect(snippet).toContainText("<gc-rental-pricing>");
  await expect(snippet).not.toContainText("style=");
  await expect(page.getByLabel("For the page's stylesheet").and(page.locator("pre"))).toHaveText(reserveRule({ tag: "gc-rental-pricing" }));
  await page.getByRole("checkbox", { name: /strict Content-Security-Policy/ }).uncheck();

  const { version, files } = JSON.parse(readFileSync("dist/widgets/integrity.json", "utf8")) as { version: string; files: Record<string, string> };
  await page.getByRole("checkbox", { name: `Pin release ${version} with Subresource Integrity`, exact: false }).check();
  await expect(snippet).toContainText(
    `/widgets/${version}/rental-pricing.js" integrity="${files["rental-pricing.js"]}" crossorigin="anonymous" defer></script>`,
  );
});
