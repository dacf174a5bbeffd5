import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./testing/test-server";

const servers: TestServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const s of servers.splice(0)) await s.close();
});

/**
 * A raw connection to the server, and a promise of everything it received once the server closed it.
 * `from`: the local address to connect from (127.0.0.2 is loopback too: another client, as the server sees it).
 */
function open(url: string, from?: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname, localAddress: from }, () => resolve({ socket, closed }));
    sockets.push(socket);
    let received = "";
    socket.on("data", (d) => (received += d));
    const closed = new Promise<string>((r) => socket.on("close", () => r(received)));
    socket.once("error", reject);
  });
}

describe("slow clients", () => {
  it("a body sent one byte at a time is cut off with 408 at the request timeout, while health answers meanwhile", async () => {
    const s = await startTestServer({ REQUEST_TIMEOUT_MS: "1500", HEADERS_TIMEOUT_MS: "1000" });
    servers.push(s);
    const slow = await Promise.all(Array.from({ length: 50 }, () => open(s.url)));
    for (const { socket } of slow)
      socket.write("POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{");
    const drip = setInterval(() => {
      for (const { socket } of slow) if (!socket.destroyed) socket.write(" ");
    }, 200);
    try {
      const health = await fetch(`${s.url}/api/health`);
      expect(health.status).toBe(200);
      // Without the limit Node waits 300 s; the test's own time-out (vitest's 5 s) would end it first.
      const answers = await Promise.all(slow.map((c) => c.closed));
      for (const a of answers) expect(a).toMatch(/^HTTP\/1\.1 408 /);
      expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    } finally {
      clearInterval(drip);
    }
  });

  it("headers sent one line at a time are cut off at the headers timeout", async () => {
    const s = await startTestServer({ REQUEST_TIMEOUT_MS: "3000", HEADERS_TIMEOUT_MS: "1000" });
    servers.push(s);
    const c = await open(s.url);
    c.socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
    const drip = setInterval(() => c.socket.destroyed || c.socket.write("X-Slow: 1\r\n"), 200);
    try {
      expect(await c.closed).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(drip);
    }
  });

  it("past MAX_CONNECTIONS a new connection is closed at once; once the slow ones are cut off, health answers again", async () => {
    const s = await startTestServer({ MAX_CONNECTIONS: "10", REQUEST_TIMEOUT_MS: "1000", HEADERS_TIMEOUT_MS: "1000" });
    servers.push(s);
    const held = await Promise.all(Array.from({ length: 10 }, () => open(s.url)));
    for (const { socket } of held) socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
    const extra = await open(s.url);
    expect(await extra.closed).toBe("");
    await Promise.all(held.map((c) => c.closed));
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
  });

  it("one address cannot take every connection: once half of MAX_CONNECTIONS are open, its new ones past MAX_CONNECTIONS_PER_IP are closed at once, and other addresses are still answered", async () => {
    const s = await startTestServer({ MAX_CONNECTIONS: "60", MAX_CONNECTIONS_PER_IP: "20" });
    servers.push(s);
    // The flood: 70 slow requests from 127.0.0.2, each holding its connection with headers that never end.
    const flood = await Promise.all(Array.from({ length: 70 }, () => open(s.url, "127.0.0.2")));
    const refused: string[] = [];
    for (const c of flood) void c.closed.then((received) => refused.push(received));
    for (const { socket } of flood) if (!socket.destroyed) socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
    // It keeps 30 (half of 60) and its 40 others are closed unanswered (without the limit: the 10 past MAX_CONNECTIONS only).
    await expect.poll(() => refused.length, { timeout: 3000 }).toBe(40);
    expect(refused).toEqual(Array(40).fill(""));
    // Six requests from 127.0.0.1, as a browser's page load sends them, each on its own connection.
    const normal = await Promise.all(Array.from({ length: 6 }, () => open(s.url)));
    for (const { socket } of normal) socket.write("GET /api/vehicles HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    const answers = await Promise.all(normal.map((c) => c.closed));
    expect(answers.map((a) => a.split("\r\n")[0])).toEqual(Array(6).fill("HTTP/1.1 200 OK"));
    // The flood's 30 are still held: cut off only by the headers timeout, as any slow client is.
    expect(flood.filter((c) => !c.socket.destroyed)).toHaveLength(30);
  });

  it("a burst from one address while there is room for everyone is served whole: the per-address cap waits until half the connections are taken", async () => {
    const s = await startTestServer({ MAX_CONNECTIONS: "60", MAX_CONNECTIONS_PER_IP: "10" });
    servers.push(s);
    const burst = await Promise.all(Array.from({ length: 25 }, () => open(s.url)));
    for (const { socket } of burst) socket.write("GET /api/vehicles HTTP/1.1\r\nHost: localhost\r\n");
    // Once a later connection is answered, the server has taken in all 25 (connections are accepted in order).
    const later = await open(s.url, "127.0.0.2");
    later.socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect((await later.closed).split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    for (const { socket } of burst) if (!socket.destroyed) socket.write("Connection: close\r\n\r\n");
    const answers = await Promise.all(burst.map((c) => c.closed));
    expect(answers.map((a) => a.split("\r\n")[0])).toEqual(Array(25).fill("HTTP/1.1 200 OK"));
  });

  it("a trusted proxy's connections are not counted per address: it carries every visitor's", async () => {
    const s = await startTestServer({ MAX_CONNECTIONS_PER_IP: "2", TRUST_PROXY: "127.0.0.2" });
    servers.push(s);
    const proxied = await Promise.all(Array.from({ length: 5 }, () => open(s.url, "127.0.0.2")));
    for (const { socket } of proxied) socket.write("GET /api/vehicles HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    const answers = await Promise.all(proxied.map((c) => c.closed));
    expect(answers.map((a) => a.split("\r\n")[0])).toEqual(Array(5).fill("HTTP/1.1 200 OK"));
  });
});
