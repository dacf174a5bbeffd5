/**
 * Many domains over HTTPS: the operator's Caddyfile (deploy/Caddyfile) run by Debian's real Caddy in
 * front of the built server, with its certificates from Caddy's internal CA instead of an ACME CA (so nothing
 * leaves the machine) and its data in a temporary folder. Two sites are fetched over HTTPS by name, each getting
 * its own page; a name no site claims gets no certificate, because the server's ask endpoint said no; a domain the
 * console adds to a site gets one at its next visit, with Caddy left as it is.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { request, type RequestOptions } from "node:https";
import type { AddressInfo, LookupFunction } from "node:net";
import os from "node:os";
import { connect, type PeerCertificate, type TLSSocket } from "node:tls";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITES_FILE } from "../../api/store/site-store";
import { fetchAsHost } from "../../api/testing/host-fetch";
import { addAccount } from "../../api/testing/staff-client";
import { freePort } from "../../api/testing/smtp-sink";
import type { Site } from "../../domain/site";
import { firstSite, sitesFromExample } from "../../domain/site-seed";
import { siteTraces, tracesIn } from "../fixtures/site-traces";
import { killLeftovers, requireCurrentBuild, ROOT, startServer, type ServerProcess } from "./server-process";

const CADDY = process.env.CADDY_PATH ?? "caddy";
const caddyInstalled = spawnSync(CADDY, ["version"], { stdio: "ignore" }).status === 0;
const canInstall = process.getuid?.() === 0 && spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
/** Why the test cannot run here: only where caddy is missing and cannot be installed. Where it can, a missing caddy fails the test. */
const unavailable = caddyInstalled || canInstall ? undefined : `${CADDY} is not installed and cannot be (installing Debian's caddy needs root and apt-get)`;

const sussex = firstSite();
const [capeMayExample] = sitesFromExample(JSON.parse(readFileSync(new URL("../fixtures/example-sites.json", import.meta.url), "utf8")));
/** Cape May with a test domain as its primary (its example domains stay, the apex one redirecting). */
const capeMay: Site = { ...capeMayExample!, domains: ["cape-may.test", ...capeMayExample!.domains] };
const sussexDomain = sussex.domains[0]!;
/** An organisation owner, who adds and edits sites in the console. */
const OWNER = { email: "owner@example.com", password: "owner password 1" };

/**
 * deploy/Caddyfile as the operator ships it, with what a test on a shared machine adds to its global options: its
 * own ports on loopback, certificates from Caddy's internal CA (`local_certs`: no ACME, no network), that CA kept
 * out of the system's trust store, every file of Caddy's in `dataDir`, and no admin endpoint.
 */
function testCaddyfile(dataDir: string, ports: { https: number; http: number }, askOrigin: string): string {
  const shipped = readFileSync(path.join(ROOT, "deploy/Caddyfile"), "utf8");
  const testOptions = [
    "admin off",
    `http_port ${ports.http}`,
    `https_port ${ports.https}`,
    "default_bind 127.0.0.1",
    "local_certs",
    "skip_install_trust",
    `storage file_system ${dataDir}`,
  ].map((line) => `\t${line}\n`);
  const withOptions = shipped.replace(/^\{\n/m, (open) => open + testOptions.join(""));
  if (withOptions === shipped) throw new Error("deploy/Caddyfile has no global options block to add the test's options to");
  const asking = withOptions.replace(/\bask http:\/\/\S+?(\/api\/tls\/allowed)$/m, `ask ${askOrigin}$1`);
  if (asking === withOptions) throw new Error("deploy/Caddyfile's on_demand_tls asks no /api/tls/allowed");
  return asking;
}

/**
 * A pass-through in front of the server's ask endpoint that notes each question and its answer, so the test can
 * tell that Caddy asked the server (and what it was told) before it made or refused a certificate.
 */
async function askRecorder(serverUrl: string) {
  const answers = new Map<string, number>();
  const recorder = createServer((req, res) => {
    void fetch(serverUrl + req.url).then(
      async (answer) => {
        answers.set(new URL(req.url!, serverUrl).searchParams.get("domain") ?? "", answer.status);
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" }).end(await answer.text());
      },
      () => res.writeHead(502).end(),
    );
  });
  await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
  return { answers, origin: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`, close: () => recorder.close() };
}

interface HttpsAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The names the certificate Caddy presented was made for. */
  certifiedFor?: string;
}

/**
 * A request to https://name:port/path, `name` resolved to 127.0.0.1 (as DNS sends it to the proxy) and sent as the
 * TLS server name and Host, trusting only `ca`. Caddy's internal CA dates a certificate it has just made from the
 * second it made it, not earlier, so a machine whose clock is stepped back in that second sees it "not yet valid":
 * then the request waits until the certificate's own start (at most a minute) and is sent again.
 */
async function https(...args: Parameters<typeof httpsOnce>): Promise<HttpsAnswer> {
  try {
    return await httpsOnce(...args);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "CERT_NOT_YET_VALID") throw error;
    const wait = Date.parse((await presentedCertificate(args[0], args[1])).valid_from) - Date.now() + 1_000;
    if (wait > 60_000) throw error;
    await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0)));
    return httpsOnce(...args);
  }
}

/** The certificate Caddy presents for `name`, read without checking it. */
function presentedCertificate(name: string, port: number) {
  return new Promise<PeerCertificate>((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port, servername: name, rejectUnauthorized: false }, () => {
      resolve(socket.getPeerCertificate());
      socket.end();
    });
    socket.on("error", reject);
  });
}

function httpsOnce(
  name: string,
  port: number,
  ca: string,
  { method = "GET", pathname = "/", headers = {}, body }: { method?: string; pathname?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
    else callback(null, "127.0.0.1", 4);
  };
  const options: RequestOptions = { host: name, port, method, path: pathname, headers, ca, lookup, agent: false };
  return new Promise<HttpsAnswer>((resolve, reject) => {
    const req = request(options, (res) => {
      const certifiedFor = (res.socket as TLSSocket).getPeerCertificate().subjectaltname;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("error", reject);
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text, certifiedFor }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("two sites over HTTPS behind Caddy with on-demand TLS", () => {
  if (unavailable) {
    it.skip(`skipped: ${unavailable}`, () => {});
    return;
  }
  const dirs: string[] = [];
  let server: ServerProcess;
  let caddy: ChildProcess;
  let caddyLog = "";
  let asked: Awaited<ReturnType<typeof askRecorder>>;
  let port: number;
  let httpPort: number;
  let consoleOrigin: string;
  let ca: string;

  beforeAll(async () => {
    if (!caddyInstalled) throw new Error(`${CADDY} is not installed: \`bash scripts/ensure-caddy.sh\` installs Debian's caddy (npm test runs it)`);
    requireCurrentBuild();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "gc-tls-data-"));
    const caddyDir = await mkdtemp(path.join(os.tmpdir(), "gc-tls-caddy-"));
    dirs.push(dataDir, caddyDir);
    // The deployment's two sites, as the console would have saved them.
    await writeFile(path.join(dataDir, SITES_FILE), JSON.stringify({ sites: [sussex, capeMay] }), { mode: 0o600 });
    await addAccount(dataDir, OWNER.email, "owner", OWNER.password);
    port = await freePort();
    // As in docs/operations/many-domains.md: the console's origin is the first site's, through the proxy.
    consoleOrigin = `https://${sussexDomain}:${port}`;
    const env = { TRUST_PROXY: "loopback", PUBLIC_ORIGIN: consoleOrigin };
    const started = await startServer(process.execPath, [path.join(ROOT, "dist/server/main.js")], { dataDir, env });
    await started.ready;
    server = started;

    asked = await askRecorder(server.url);
    httpPort = await freePort();
    const config = path.join(caddyDir, "Caddyfile");
    await writeFile(config, testCaddyfile(path.join(caddyDir, "data"), { https: port, http: httpPort }, asked.origin));
    caddy = spawn(CADDY, ["run", "--config", config, "--adapter", "caddyfile"], {
      cwd: caddyDir,
      // Caddy's own files (its autosaved config, any default data folder) stay in the temporary folder too.
      env: { PATH: process.env.PATH, HOME: caddyDir, XDG_DATA_HOME: caddyDir, XDG_CONFIG_HOME: caddyDir, APP_ADDRESS: `127.0.0.1:${server.port}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<never>((_, reject) => caddy.once("exit", (code) => reject(new Error(`caddy exited with ${code}:\n${caddyLog}`))));
    exited.catch(() => {});
    await Promise.race([
      exited,
      new Promise<void>((resolve) =>
        caddy.stderr!.on("data", (d: Buffer) => {
          caddyLog += d.toString();
          if (caddyLog.includes("serving initial configuration")) resolve();
        }),
      ),
    ]);
    // The internal CA's root, which Caddy makes on its first start: what a visitor's browser would have to trust.
    ca = await readFile(path.join(caddyDir, "data/pki/authorities/local/root.crt"), "utf8");
  });

  afterAll(async () => {
    caddy?.kill("SIGKILL");
    asked?.close();
    killLeftovers();
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it.each([
    ["the first site", sussexDomain, sussex, capeMay],
    ["Cape May", "cape-may.test", capeMay, sussex],
  ] as const)("serves %s on https://%s with a certificate for that name, its own name and phone, and nothing of the other", async (_, name, own, other) => {
    const page = await https(name, port, ca);
    expect(page.status).toBe(200);
    expect(page.certifiedFor).toBe(`DNS:${name}`);
    expect(page.body).toContain(own.name);
    expect(page.body).toContain(own.phones.main.display);
    expect(tracesIn(page.body, siteTraces(other))).toEqual([]);
  });

  it("redirects a secondary domain to its site's primary one over HTTPS, so the proxy's host and scheme reach the server", async () => {
    const apex = capeMay.domains.find((d) => d !== "cape-may.test" && !d.startsWith("www."))!;
    const answer = await https(apex, port, ca, { pathname: "/inventory" });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://cape-may.test:${port}/inventory`);
  });

  it("sends a visitor who types a site's name without https to the same page over HTTPS", async () => {
    const answer = await fetchAsHost(`http://127.0.0.1:${httpPort}/inventory?page=2`, "cape-may.test");
    expect(answer.status).toBe(308);
    // To port 443, where the proxy listens in production: Caddy's redirect for a catch-all block names no port.
    expect(answer.headers.get("location")).toBe("https://cape-may.test/inventory?page=2");
  });

  it("asks the server before each new certificate: a name of a site gets one, a name no site claims gets none and no page", async () => {
    const www = capeMay.domains.find((d) => d.startsWith("www."))!;
    expect((await https(www, port, ca)).certifiedFor).toBe(`DNS:${www}`);
    expect(asked.answers.get(www)).toBe(200);

    await expect(https("not-our-dealer.test", port, ca)).rejects.toThrow(/tlsv1 alert internal error/);
    expect(asked.answers.get("not-our-dealer.test")).toBe(404);
  });

  it("serves a domain the console adds to a site over HTTPS from its first visit after the save, with no reload of Caddy", async () => {
    const added = "harbor.cape-may.test";
    await expect(https(added, port, ca)).rejects.toThrow(/tlsv1 alert internal error/);
    expect(asked.answers.get(added)).toBe(404);

    // What the console's Sites page sends, through the proxy, from the console's origin.
    const headers = { "content-type": "application/json", origin: consoleOrigin };
    const signedIn = await https(sussexDomain, port, ca, { method: "POST", pathname: "/api/staff/session", headers, body: JSON.stringify(OWNER) });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers["set-cookie"]![0]!.split(";")[0]!;
    const current = await https(sussexDomain, port, ca, { pathname: "/api/staff/sites/cape-may", headers: { cookie } });
    const site = JSON.parse(current.body) as Site;
    const saved = await https(sussexDomain, port, ca, {
      method: "PUT",
      pathname: "/api/staff/sites/cape-may",
      headers: { ...headers, cookie, "if-match": current.headers.etag! },
      body: JSON.stringify({ ...site, domains: [...site.domains, added] }),
    });
    expect(saved.status).toBe(200);

    const page = await https(added, port, ca, { pathname: "/rentals" });
    expect(page.certifiedFor).toBe(`DNS:${added}`);
    expect(asked.answers.get(added)).toBe(200);
    // A secondary domain of Cape May's: sent to its primary, over HTTPS.
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe(`https://cape-may.test:${port}/rentals`);
  });
});
