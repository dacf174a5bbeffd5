import { request } from "node:http";

/** What a server answered a plain GET. */
export interface HostAnswer {
  status: number;
  location?: string;
  body: string;
}

/**
 * A GET to the server on loopback `port` with the Host header `host`, from Node: for a name Chromium cannot resolve,
 * and for timing the server alone (a browser's new tab and renderer process are not the server's time).
 */
export const hostGet = (port: string | number, path: string, host: string): Promise<HostAnswer> =>
  new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host } }, (r) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () =>
        resolve({ status: r.statusCode!, ...(r.headers.location ? { location: r.headers.location } : {}), body: Buffer.concat(chunks).toString("utf8") }),
      );
      r.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
