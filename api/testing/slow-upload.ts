import { connect, type Socket } from "node:net";
import type { TestServer } from "./test-server";

/** A slow sender's address: another loopback address than the visitors' 127.0.0.1 (Linux answers all of 127/8). */
export const SLOW_ADDRESS = "127.0.0.2";
const BOUNDARY = "slowslowslow";

export interface SlowUpload {
  socket: Socket;
  /** Everything the server wrote back. */
  answer: () => string;
  closed: Promise<void>;
}

/**
 * A trade-in POST from SLOW_ADDRESS that announces `Content-Length: 5000000` and then sends only the start of its
 * first photo (more with `socket.write`). Resolves once the server's answer matches `waitFor`: "100 Continue" comes
 * back when the request has reached its handler.
 */
export function slowTradeIn(s: Pick<TestServer, "url" | "origin">, waitFor: RegExp): Promise<SlowUpload> {
  const { port } = new URL(s.url);
  const socket = connect({ host: "127.0.0.1", port: Number(port), localAddress: SLOW_ADDRESS });
  let received = "";
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});
  return new Promise((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (waitFor.test(received)) resolve({ socket, answer: () => received, closed });
    });
    socket.once("close", () => reject(new Error(`closed before ${waitFor}: ${received}`)));
    socket.once("connect", () => {
      const head = [
        "POST /api/contact/trade-in HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        `Origin: ${s.origin}`,
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length: 5000000",
        "Expect: 100-continue",
      ];
      socket.write(`${head.join("\r\n")}\r\n\r\n`);
      socket.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`);
    });
  });
}

const FIELDS = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  phone: "302-555-0100",
  year: "2019",
  make: "Club Car",
  model: "Onward",
  condition: "good",
  usage: "1200",
  usageUnit: "hours",
};

/** A visitor's whole trade-in with one photo, from 127.0.0.1: its status and answer. */
export async function realTradeIn(s: Pick<TestServer, "url" | "origin">, photo: Buffer) {
  const body = new FormData();
  for (const [k, v] of Object.entries(FIELDS)) body.append(k, v);
  body.append("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "IMG_0001.jpg");
  const res = await fetch(`${s.url}/api/contact/trade-in`, { method: "POST", body, headers: { origin: s.origin } });
  return { status: res.status, body: (await res.json()) as { id?: string; error?: string } };
}
