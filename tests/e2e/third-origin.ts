import { createServer, type Server } from "node:http";
import { E2E_PORT, SITE } from "../../playwright.config";
import { test as base } from "./fixtures";

/** A page served by a partner's own server: neither the dealership's origin nor the demo origin. */
export interface ThirdOrigin {
  /** The partner's origin, e.g. http://localhost:4422 (another port per Playwright worker). */
  origin: string;
  /** The same server under another host name: an origin the dealership has not allowed either. */
  otherOrigin: string;
  /** Serve `html` at `path` (with `headers`) and return its URL on `origin`. */
  page(path: string, html: string, headers?: Record<string, string>): string;
}

/** Records every gc-* event the page hears, in order, in `window.gcEvents`. */
export const RECORD_EVENTS = `<script>window.gcEvents=[];for (const t of ["gc-ready","gc-action","gc-error","gc-contact-submitted","gc-calculated"]) document.addEventListener(t, (e) => gcEvents.push({ type: t, widget: e.target.localName, detail: e.detail }));</script>`;

/** A partner page's HTML: the dealership's script (all-in-one unless told) and the given body. */
export const partnerPage = (body: string, opts: { script?: string; head?: string; dir?: string } = {}): string =>
  `<!doctype html><html lang="en"${opts.dir ? ` dir="${opts.dir}"` : ""}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner page</title>${opts.head ?? ""}<script src="${SITE}/widgets/${opts.script ?? "gc-widgets"}.js" defer></script></head><body>${body}</body></html>`;

/**
 * `test` with a partner's static server on E2E_PORT + 2 (+ the worker's index), started once per worker: each test
 * registers its own pages on it.
 */
export const test = base.extend<
  { thirdOrigin: ThirdOrigin },
  { thirdServer: { port: number; pages: Map<string, { html: string; headers: Record<string, string> }> } }
>({
  thirdServer: [
    async ({}, use, workerInfo) => {
      const port = E2E_PORT + 2 + workerInfo.parallelIndex;
      const pages = new Map<string, { html: string; headers: Record<string, string> }>();
      const server: Server = createServer((req, res) => {
        const pathname = new URL(req.url ?? "/", "http://x").pathname;
        if (pathname === "/favicon.ico") return void res.writeHead(204).end();
        const found = pages.get(pathname);
        if (!found) {
          res.writeHead(404, { "content-type": "text/html" }).end("<!doctype html><title>Not found</title><h1>Not found</h1>");
          return;
        }
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...found.headers }).end(found.html);
      });
      await new Promise<void>((resolve) => server.listen(port, resolve));
      await use({ port, pages });
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: "worker" },
  ],
  thirdOrigin: async ({ thirdServer }, use) => {
    const origin = `http://localhost:${thirdServer.port}`;
    await use({
      origin,
      otherOrigin: `http://127.0.0.1:${thirdServer.port}`,
      page(path, html, headers = {}) {
        thirdServer.pages.set(path, { html, headers });
        return `${origin}${path}`;
      },
    });
  },
});

export { expect } from "./fixtures";
