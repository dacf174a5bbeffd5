/**
 * The ceiling: a bare node:http server answering GET /api/vehicles and
 * /api/vehicles/:id with the same prepared (pre-compressed) bytes and headers
 * as the API, and nothing else.
 * Usage: node --import tsx bench/servers/bare-server.ts <catalogue.json> <port>
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { prepareJson, type PreparedBody } from "../../api/prepared/prepared-body";
import type { Vehicle } from "../../domain/vehicle";

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error("Usage: bare-server.ts <catalogue.json> <port>");
const { vehicles } = JSON.parse(readFileSync(file, "utf8")) as { vehicles: Vehicle[] };
const list = prepareJson(vehicles);
const one = new Map(vehicles.map((v) => [`/api/vehicles/${v.id}`, prepareJson(v)]));

const send = (res: import("node:http").ServerResponse, body: PreparedBody, gzip: boolean) => {
  res.writeHead(200, {
    "Content-Type": "application/json; charset=utf-8",
    ETag: body.etag,
    "Cache-Control": "public, no-cache",
    Vary: "Accept-Encoding",
    "Access-Control-Allow-Origin": "*",
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
  });
  res.end(body.bytesSync(gzip ? "gzip" : "identity"));
};

createServer((req, res) => {
  const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  const body = req.url === "/api/vehicles" ? list : one.get(req.url ?? "");
  if (body) return send(res, body, gzip);
  res.writeHead(req.url === "/api/health" ? 200 : 404, { "Content-Type": "application/json" }).end("{}");
}).listen(Number(port), "127.0.0.1");
