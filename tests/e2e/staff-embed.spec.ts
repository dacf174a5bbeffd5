/** The Embed page writes the partner guide's snippet: each element with its room kept and a fallback, and a pinned release with SRI. */
import { readFileSync } from "node:fs";
import { expect, test } from "./staff-fixtures";

test("the Embed page's snippet keeps the widget's room with a fallback (link and phone), and offers the release pinned with SRI", async ({
  signedInPage: page,
}) => {
  await page.goto("/staff/embed");
  await page.getByRole("radio", { name: /gc-rental-pricing/ }).check();
  const snippet = page.getByRole("region", { name: "Snippet" }).getByLabel("Snippet to paste");
  await expect(snippet).toContainText('<gc-rental-pricing style="display:block;min-height:900px">');
  await expect(snippet).toContainText(
    /<a href="http:\/\/localhost:\d+\/rentals">See our rental prices<\/a> or call <a href="tel:\+1\d+">\(\d{3}\) \d{3}-\d{4}<\/a>/,
  );
  await expect(snippet).toContainText(/\/widgets\/rental-pricing\.js" defer><\/script>/);

  const { version, files } = JSON.parse(readFileSync("dist/widgets/integrity.json", "utf8")) as { version: string; files: Record<string, string> };
  await page.getByRole("checkbox", { name: `Pin release ${version} with Subresource Integrity`, exact: false }).check();
  await expect(snippet).toContainText(
    `/widgets/${version}/rental-pricing.js" integrity="${files["rental-pricing.js"]}" crossorigin="anonymous" defer></script>`,
  );
});
