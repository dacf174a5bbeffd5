/**
 * node scripts/compare-served.mjs BEFORE_ORIGIN AFTER_ORIGIN [--max-pages N]
 *
 * Compares, byte for byte, what two running servers serve the public: every page reached from "/" and the sitemaps
 * (links followed on the same origin, /staff left out), the widget scripts (integrity.json's files, latest and
 * pinned), the feeds, and the public API's answers (the vehicle list, its pages, each vehicle, and refusals).
 * Start both with the same PUBLIC_ORIGIN and DEMO_ORIGIN and fresh data folders, so that only the code differs:
 *
 *   PORT=4422 DEMO_PORT=4423 PUBLIC_ORIGIN=http://localhost:3000 DEMO_ORIGIN=http://localhost:3001 DATA_DIR=$(mktemp -d) node /work/main/dist/server/main.js
 *
 * Prints each URL whose status, content type or body differs (with the first differing bytes) and exits 1 if any
 * does. `--allow-error-words` counts a JSON answer whose only difference is its `error` or `fields` words as the same,
 * for a change that rewords only the messages (a refusal's words are not part of the API's contract).
 */
import { parseArgs } from "node:util";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { "max-pages": { type: "string", default: "600" }, "allow-error-words": { type: "boolean", default: false } },
});
const [before, after] = positionals;
if (!before || !after) {
  console.error("Usage: node scripts/compare-served.mjs BEFORE_ORIGIN AFTER_ORIGIN [--max-pages N] [--allow-error-words]");
  process.exit(2);
}
const MAX_PAGES = Number(values["max-pages"]);

/** One answer as a client without compression sees it. */
async function get(origin, path, init = {}) {
  const res = await fetch(new URL(path, origin), { redirect: "manual", ...init, headers: { "accept-encoding": "identity", ...init.headers } });
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    location: res.headers.get("location") ?? "",
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** The error answer's words taken out, to compare the rest of it. */
function withoutWords(body) {
  try {
    const value = JSON.parse(body.toString("utf8"));
    if (value && typeof value === "object" && "error" in value) {
      value.error = "…";
      if (value.fields) for (const k of Object.keys(value.fields)) value.fields[k] = "…";
      return JSON.stringify(value);
    }
  } catch {
    // not JSON
  }
  return undefined;
}

const differences = [];
let compared = 0;
let identical = 0;
async function compare(path, init) {
  const [a, b] = await Promise.all([get(before, path, init), get(after, path, init)]);
  compared++;
  const same = a.status === b.status && a.type === b.type && a.location === b.location && a.body.equals(b.body);
  if (same) {
    identical++;
    return b;
  }
  const wordsOnly = values["allow-error-words"] && a.status === b.status && withoutWords(a.body) !== undefined && withoutWords(a.body) === withoutWords(b.body);
  if (wordsOnly) {
    differences.push({ path, wordsOnly: true, before: a.body.toString("utf8").slice(0, 300), after: b.body.toString("utf8").slice(0, 300) });
    return b;
  }
  let at = 0;
  while (at < a.body.length && a.body[at] === b.body[at]) at++;
  differences.push({
    path,
    status: [a.status, b.status],
    type: [a.type, b.type],
    bytes: [a.body.length, b.body.length],
    firstDifferenceAt: at,
    before: a.body.subarray(Math.max(0, at - 60), at + 120).toString("utf8"),
    after: b.body.subarray(Math.max(0, at - 60), at + 120).toString("utf8"),
  });
  return b;
}

/** Same-origin paths a page links to or loads (href, src, srcset), /staff left out. */
function linksOf(html) {
  const found = new Set();
  for (const m of html.matchAll(/\b(?:href|src)="([^"]+)"|\bsrcset="([^"]+)"/g)) {
    const values = m[1] ? [m[1]] : m[2].split(",").map((s) => s.trim().split(/\s+/)[0]);
    for (const raw of values) {
      const url = new URL(raw.replaceAll("&amp;", "&"), after);
      if (url.origin !== new URL(after).origin) continue;
      if (url.pathname.startsWith("/staff")) continue;
      found.add(url.pathname + url.search);
    }
  }
  return found;
}

// Pages: breadth first from the home page and the sitemaps.
const queue = ["/", "/sitemap", "/sitemap.xml", "/robots.txt", "/inventory?page=2", "/no-such-page"];
const seen = new Set(queue);
let pages = 0;
while (queue.length && pages < MAX_PAGES) {
  const path = queue.shift();
  const answer = await compare(path);
  pages++;
  if (!/html|xml/.test(answer.type)) continue;
  const text = answer.body.toString("utf8");
  const links = answer.type.includes("xml") ? [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname) : [...linksOf(text)];
  for (const link of links) {
    if (seen.has(link)) continue;
    seen.add(link);
    queue.push(link);
  }
}

// Widget scripts, latest and pinned, and their integrity list.
const integrity = JSON.parse((await compare("/widgets/integrity.json")).body.toString("utf8"));
for (const file of Object.keys(integrity.files ?? {})) {
  await compare(`/widgets/${file}`);
  await compare(`/widgets/${integrity.version}/${file}`);
}
for (const feed of ["/feeds/google-merchant.xml", "/feeds/google-local-inventory.xml", "/feeds/meta-catalog.csv"]) await compare(feed);

// The public API, its answers and its refusals.
const list = JSON.parse((await compare("/api/vehicles")).body.toString("utf8"));
for (const v of list) await compare(`/api/vehicles/${encodeURIComponent(v.id)}`);
for (const query of ["?page=1&pageSize=24", "?page=2&pageSize=6&sort=price-asc", "?brand=evolution&condition=new", "?page=0", "?pageSize=x", "?sort=nonsense"])
  await compare(`/api/vehicles${query}`);
await compare("/api/vehicles/no-such-cart");
await compare("/api/no-such-route");
const json = (body) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
await compare("/api/contact", json({}));
await compare("/api/contact", json({ firstName: "A", lastName: "B", email: "a@", phone: "1", interest: "x", message: "short" }));
await compare("/api/contact", { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" });

const wordsOnly = differences.filter((d) => d.wordsOnly);
const real = differences.filter((d) => !d.wordsOnly);
console.log(
  `compared ${compared} answers (${pages} pages, ${Object.keys(integrity.files ?? {}).length * 2} widget files, ${list.length} vehicles): ${identical} byte-identical, ${wordsOnly.length} differing only in error words, ${real.length} differing`,
);
for (const d of differences) console.log(JSON.stringify(d));
process.exit(real.length ? 1 : 0);
