import { isIPv4, isIPv6 } from "node:net";
import type { Server } from "node:http";
import express from "express";
import type { TrustProxy } from "./config";

/**
 * Who a connection counts against: its IPv4 address, or the /64 of its
 * IPv6 address (one home or phone is given a whole /64, and can choose any
 * address in it). An IPv4 address seen through a dual-stack socket
 * (::ffff:a.b.c.d) counts as itself.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  const plain = address.split("%")[0]!;
  if (!isIPv6(plain)) return plain;
  const [head = "", tail = ""] = plain.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = plain.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * Once the server holds half of its `maxConnections`, close at once any new
 * connection from an address (see addressKey) that already holds `max`, so
 * that one client cannot take every connection from the others. Below that
 * mark nothing is refused: a burst from one busy address (an office behind
 * one NAT, a load test) is served while there is room for everyone. A
 * trusted proxy's connections (TRUST_PROXY) are never refused here: they
 * carry every visitor's requests.
 */
export function limitConnectionsPerAddress(server: Server, max: number, maxConnections: number, trustProxy: TrustProxy): void {
  if (max <= 0) return;
  // Express's own compiled `trust proxy`, asked about the peer itself (hop 0).
  const trusted = express().set("trust proxy", trustProxy).get("trust proxy fn") as (address: string, hop: number) => boolean;
  const crowded = Math.ceil(maxConnections / 2);
  const open = new Map<string, number>();
  let total = 0;
  server.on("connection", (socket) => {
    total++;
    socket.once("close", () => total--);
    const address = socket.remoteAddress;
    // No address: the socket is already gone.
    if (!address || !(isIPv4(address) || isIPv6(address.split("%")[0]!)) || trusted(address, 0)) return;
    const key = addressKey(address);
    const held = open.get(key) ?? 0;
    if (held >= max && total > crowded) return void socket.destroy();
    open.set(key, held + 1);
    socket.once("close", () => {
      const left = open.get(key)! - 1;
      if (left) open.set(key, left);
      else open.delete(key);
    });
  });
}
