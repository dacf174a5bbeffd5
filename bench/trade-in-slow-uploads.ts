/**
 * Figures for slow trade-in uploads: two connections from one address announce a 5 MB body and send one byte every
 * 2 s, while a visitor from another address sends a real trade-in every second for `SECONDS` (default 32: past the
 * default REQUEST_TIMEOUT_MS of 30 s). Prints how many got 201 and how many 503. `npx tsx bench/trade-in-slow-uploads.ts`
 */
import { phoneJpeg } from "../api/testing/phone-photo";
import { realTradeIn, slowTradeIn } from "../api/testing/slow-upload";
import { startTestServer } from "../api/testing/test-server";

const seconds = Number(process.env.SECONDS ?? 32);
const s = await startTestServer();
const photo = await phoneJpeg({ width: 800, height: 600 });
const slow = [await slowTradeIn(s, /100 Continue/), await slowTradeIn(s, /100 Continue/)];
const drip = setInterval(() => slow.forEach((u) => u.socket.write("x")), 2000);
const counts: Record<number, number> = {};
let firstStored: number | null = null;
const started = performance.now();
while (performance.now() - started < seconds * 1000) {
  const sent = performance.now();
  const { status } = await realTradeIn(s, photo);
  counts[status] = (counts[status] ?? 0) + 1;
  if (status === 201 && firstStored === null) firstStored = (sent - started) / 1000;
  await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - sent))));
}
clearInterval(drip);
console.log(
  `real trade-ins over ${seconds} s with two slow uploads open: ${JSON.stringify(counts)}; first stored after ${firstStored === null ? "never" : `${firstStored.toFixed(1)} s`}`,
);
for (const u of slow) u.socket.destroy();
await s.close();
