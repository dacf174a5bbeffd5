import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./testing/test-server";

const servers: TestServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const s of servers.splice(0)) await s.close();
});

/** A raw connection to the server, and a promise of everything it received once the server closed it. */
function open(url: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve({ socket, closed }));
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
    for (const { socket } of slow) socket.write("POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{");
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
    c.socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\n");
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
    for (const { socket } of held) socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\n");
    const extra = await open(s.url);
    expect(await extra.closed).toBe("");
    await Promise.all(held.map((c) => c.closed));
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
  });
});
