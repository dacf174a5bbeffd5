/**
 * Slow trade-in uploads on real loopback sockets: two connections from one address that announce a 5 MB body and
 * hold it open take no place in the photo queue (every real trade-in from another address meanwhile is stored), a
 * third from the same address is refused at once in words, and at the body's deadline (REQUEST_TIMEOUT_MS, short
 * here) they are cut with nothing stored and nothing left on disk.
 */
import { readdir } from "node:fs/promises";
import { afterAll, describe, expect, it, vi } from "vitest";
import { phoneJpeg } from "./testing/phone-photo";
import { realTradeIn, slowTradeIn } from "./testing/slow-upload";
import { storedLeads } from "./testing/stored-leads";
import { startTestServer, type TestServer } from "./testing/test-server";
import { spoolFolder, TRADE_IN_UPLOADS_PER_ADDRESS } from "./routes/trade-in";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** The files this process's server has spooled and not yet removed. */
const spooled = async () => readdir(await spoolFolder());

describe("slow trade-in uploads", () => {
  it("two from one address hold no place: real trade-ins are stored meanwhile, a third is refused in words, and the deadline cuts them", async () => {
    const s = await startTestServer({ REQUEST_TIMEOUT_MS: "4000", HEADERS_TIMEOUT_MS: "1000" });
    servers.push(s);
    const photo = await phoneJpeg({ width: 800, height: 600 });

    const slow = [await slowTradeIn(s, /100 Continue/), await slowTradeIn(s, /100 Continue/)];
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await realTradeIn(s, photo));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);

    // The same address's third at once is refused before its body is read, in words.
    expect(TRADE_IN_UPLOADS_PER_ADDRESS).toBe(2);
    const third = await slowTradeIn(s, /\r\n\r\n\{.*\}/s);
    expect(third.answer()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 429 /);
    expect(third.answer()).toContain("You are already sending 2 trade-ins: nothing was stored. Please send this one once they are done.");
    third.socket.destroy();

    // At the deadline the slow ones are answered 408 and closed; nothing of them is stored or left spooled.
    await Promise.all(slow.map((u) => u.closed));
    for (const u of slow) expect(u.answer()).toMatch(/HTTP\/1\.1 408 /);
    expect(await storedLeads(s.leads)).toHaveLength(3);
    await vi.waitFor(async () => expect(await spooled()).toEqual([]));

    // The address is free again.
    expect((await realTradeIn(s, photo)).status).toBe(201);
  });
});
