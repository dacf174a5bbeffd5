import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

/** What a request that arrives while the server drains is told to wait before trying again, in seconds. */
export const DRAINING_RETRY_AFTER_S = 5;

/**
 * A server's orderly stop (SIGTERM, SIGINT): requests already in flight are
 * answered as usual, every new one gets 503 with `Retry-After` (JSON under
 * /api, as every API error is, so a proxy's health check on /api/health sees
 * the server leave), and `drain` resolves once no request is in flight or the
 * bound has passed. Shared by the site's and the demo's servers.
 */
export class Drain {
  #inFlight = 0;
  #draining = false;
  #idle: (() => void)[] = [];

  get draining(): boolean {
    return this.#draining;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /** `handler`, counting the requests it answers and refusing new ones while draining. */
  wrap(handler: RequestListener): RequestListener {
    return (req, res) => {
      if (this.#draining) return refuse(req, res);
      this.#inFlight++;
      // "close" follows the response's end, or a connection that dropped before it.
      res.once("close", () => {
        this.#inFlight--;
        if (this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
      });
      handler(req, res);
    };
  }

  /**
   * Refuse new requests from now on; resolves true once every request in
   * flight has been answered, false when `timeoutMs` passed first.
   */
  drain(timeoutMs: number): Promise<boolean> {
    this.#draining = true;
    if (this.#inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.#idle.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

function refuse(req: IncomingMessage, res: ServerResponse): void {
  const api = req.url === "/api" || req.url?.startsWith("/api/") || req.url?.startsWith("/api?");
  const body = api
    ? JSON.stringify({ error: "The server is restarting: try again in a few seconds", status: "draining" })
    : "The server is restarting: try again in a few seconds.\n";
  res.writeHead(503, {
    "Content-Type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "Retry-After": String(DRAINING_RETRY_AFTER_S),
    "X-Content-Type-Options": "nosniff",
    Connection: "close",
  });
  // A body still coming is not read: the connection closes after the answer.
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Stop listening and close every connection left (idle keep-alive ones, or ones the bound cut short). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
