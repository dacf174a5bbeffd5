/**
 * The ceiling for pages: a bare node:http server answering the pages it is
 * given with the same prepared bytes (identity, gzip, brotli), the same
 * encoding choice and ETag as the product, and nothing else.
 * Usage: node --import tsx bench/servers/bare-pages.ts <pages.json> <port>
 * where pages.json maps a path to its HTML.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { chooseEncoding } from "../../api/prepared/choose-encoding";
import { prepareHtml } from "../../api/prepared/prepared-body";

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error("Usage: bare-pages.ts <pages.json> <port>");
const pages = new Map(Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, string>).map(([p, html]) => [p, prepareHtml(html)]));
for (const body of pages.values()) for (const encoding of ["br", "gzip"] as const) body.bytesSync(encoding);

createServer((req, res) => {
  const body = pages.get(req.url ?? "");
  if (!body) return res.writeHead(req.url === "/api/health" ? 200 : 404, { "Content-Type": "application/json" }).end("{}");
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const bytes = body.bytesSync(encoding);
  res.writeHead(200, {
    "Content-Type": body.kind.type,
    "Cache-Control": body.kind.cacheControl,
    ETag: body.etag,
    Vary: "Accept-Encoding",
    "Content-Length": bytes.length,
    ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
  });
  res.end(bytes);
}).listen(Number(port), "127.0.0.1");
