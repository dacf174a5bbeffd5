import { describe, expect, it } from "vitest";
import { OriginSchema } from "./origin";

describe("OriginSchema", () => {
  it.each([
    ["https://partner.example", "https://partner.example"],
    ["https://partner.example/", "https://partner.example"],
    ["HTTPS://Partner.Example", "https://partner.example"],
    ["  https://WWW.Partner.example:8443/  ", "https://www.partner.example:8443"],
    ["https://partner.example:443", "https://partner.example"],
    ["http://127.0.0.1:4305/", "http://127.0.0.1:4305"],
  ])("keeps %j as the browser's Origin %j", (typed, origin) => {
    expect(OriginSchema.parse(typed)).toBe(origin);
  });

  it.each([
    "partner.example",
    "https://partner.example/welcome",
    "https://partner.example/?a=1",
    "https://partner.example/#top",
    "https://user@partner.example",
    "https://*.partner.example",
    "ftp://partner.example",
    "",
  ])("refuses %j", (typed) => {
    expect(OriginSchema.safeParse(typed).success).toBe(false);
  });
});
