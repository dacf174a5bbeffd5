import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./choose-encoding";

describe("chooseEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip", "gzip"],
    ["GZIP", "gzip"],
    [" gzip ; q=1 ", "gzip"],
    // What Chromium and Firefox send: all at q=1, so the smallest.
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate, br", "br"],
    ["br", "br"],
    ["br, gzip", "br"],
    ["compress, gzip", "gzip"],
    ["deflate", "identity"],
    ["x-gzip", "identity"],
    ["identity", "identity"],
    ["identity, gzip", "gzip"],
    ["gzip, identity", "gzip"],
    ["gzip;q=0", "identity"],
    ["gzip;q=0.001", "gzip"],
    ["gzip;q=0.5", "gzip"],
    ["gzip;q=0.5, identity", "identity"],
    ["gzip;q=0.5, identity;q=0.5", "gzip"],
    ["identity;q=0.5, gzip;q=0.5", "gzip"],
    ["identity;q=0", "identity"],
    ["identity;q=0, gzip;q=0.1", "gzip"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["*;q=0, gzip", "gzip"],
    ["*, gzip;q=0.5", "br"],
    ["identity;q=0.5, *", "br"],
    ["gzip;q=0.8, *;q=0.9", "br"],
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0, identity", "identity"],
  ] as const)("%j → %s", (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });
});
