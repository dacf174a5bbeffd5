import { describe, expect, it } from "vitest";
import { acceptsGzip } from "./accepts-gzip";

// Expected values are what Express's req.acceptsEncodings("gzip", "identity") answers.
describe("acceptsGzip", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["gzip", true],
    ["GZIP", true],
    [" gzip ; q=1 ", true],
    ["gzip, deflate, br", true],
    ["br, gzip", true],
    ["compress, gzip", true],
    ["deflate", false],
    ["x-gzip", false],
    ["identity", false],
    ["identity, gzip", false],
    ["gzip, identity", true],
    ["gzip;q=0", false],
    ["gzip;q=0.001", true],
    ["gzip;q=0.5", true],
    ["gzip;q=0.5, identity", false],
    ["gzip;q=0.5, identity;q=0.5", true],
    ["identity;q=0.5, gzip;q=0.5", false],
    ["identity;q=0", false],
    ["identity;q=0, gzip;q=0.1", true],
    ["*", true],
    ["*;q=0", false],
    ["*;q=0, gzip", true],
    ["*, gzip;q=0.5", false],
    ["identity;q=0.5, *", true],
    ["gzip;q=0.8, *;q=0.9", false],
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", true],
  ] as const)("%j → %s", (header, gzip) => {
    expect(acceptsGzip(header)).toBe(gzip);
  });
});
