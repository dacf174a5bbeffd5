import { request } from "node:http";

/**
 * fetch(), but sent with the given Host header (fetch itself always sends the
 * URL's): how a test reaches another site of the server (e.g. cape-may.localhost)
 * on its loopback address, as a browser that resolves *.localhost would.
 */
export function fetchAsHost(
  url: string,
  host: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  const port = new URL(url).port;
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { ...headers, host: port ? `${host}:${port}` : host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) for (const value of [v ?? []].flat()) h.append(k, value);
        const status = res.statusCode ?? 0;
        resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: h }));
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}
