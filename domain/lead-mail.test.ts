import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { escapeHtml, escapeXml } from "./escape";
import type { Lead } from "./lead";
import { leadToAdf } from "./lead-adf";
import { composeLeadMail } from "./lead-mail";
import { CONTACT_FIELDS } from "./contact-fields";
import { csvCell, LEAD_CSV_COLUMNS, LEAD_CSV_HEADER, leadsToCsv } from "./leads-csv";
import { firstSite } from "./site-seed";
import { VALID_MESSAGE } from "./testing/valid-lead";

const SITE = firstSite();

const nasty = `<script>alert("x")</script> & 'Tom' \u0001`;
const lead = (over: Partial<Lead> = {}): Lead => ({
  id: "lead-1",
  createdAt: "2026-11-21T15:04:05.000Z",
  ...VALID_MESSAGE,
  lastName: "O'Reyes",
  interest: "service",
  message: "Battery check please.",
  origin: "https://resort.example",
  source: "spring-landing",
  site: "sussex-coast",
  delivery: { status: "pending", attempts: 0 },
  ...over,
});

const parseXml = (xml: string) => {
  const doc = new new JSDOM().window.DOMParser().parseFromString(xml, "application/xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  return doc;
};

describe("escaping", () => {
  it.each([
    ["<b>", "&lt;b&gt;"],
    ["a & b", "a &amp; b"],
    [`"q" 'a'`, "&quot;q&quot; &#39;a&#39;"],
  ])("escapeHtml(%s) = %s", (a, b) => expect(escapeHtml(a)).toBe(b));
  it.each([
    ["<b>", "&lt;b&gt;"],
    [`'a'`, "&apos;a&apos;"],
    ["bell\u0007", "bell"],
  ])("escapeXml(%s) = %s", (a, b) => expect(escapeXml(a)).toBe(b));
});

describe("leadToAdf", () => {
  it("is well-formed ADF with the prospect's parts, escaped", () => {
    const doc = parseXml(leadToAdf(lead({ firstName: nasty, message: nasty }), SITE));
    const text = (sel: string) => doc.querySelector(sel)?.textContent;
    expect(doc.documentElement.tagName).toBe("adf");
    expect(text("prospect > requestdate")).toBe("2026-11-21T15:04:05.000Z");
    expect(text('customer name[part="first"]')).toBe(`<script>alert("x")</script> & 'Tom' `);
    expect(text('customer name[part="last"]')).toBe("O'Reyes");
    expect(text("customer email")).toBe("dana@example.com");
    expect(text("customer phone")).toBe("302-555-0101");
    expect(text("customer > comments")).toContain("Interest: Service.");
    expect(text("vendor vendorname")).toBe("Sussex Coast Golf Carts");
    expect(text("provider name")).toBe("spring-landing");
  });

  it("names the website as provider when there is no partner source", () => {
    expect(parseXml(leadToAdf(lead({ source: null }), SITE)).querySelector("provider name")?.textContent).toBe("Sussex Coast Golf Carts website");
  });
});

describe("composeLeadMail", () => {
  it("names interest and source in the subject", () => {
    expect(composeLeadMail(lead(), SITE).subject).toBe("[Service lead] spring-landing: Dana O'Reyes");
  });

  it("escapes every visitor value in the HTML body", () => {
    const m = composeLeadMail(lead({ firstName: nasty, lastName: nasty, email: nasty, phone: nasty, message: nasty, source: nasty, origin: nasty }), SITE);
    expect(m.html).not.toContain("<script>");
    expect(m.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Tom&#39;");
    expect(m.text).toContain(`Message:\n${nasty.replace("\u0001", "\uFFFD")}`);
  });
});

describe("the lead mail's Reply-To", () => {
  it.each([
    ["Dana", "O'Reyes", { name: "Dana O'Reyes", address: "dana@example.com" }],
    ["J.", "Smith-Jones", { name: "J. Smith-Jones", address: "dana@example.com" }],
    ["Eve <attacker@evil.test>", "Reyes", { address: "dana@example.com" }],
    ["Eve", "attacker@evil.test", { address: "dana@example.com" }],
    ['Eve"', "x, y", { address: "dana@example.com" }],
    ["=?utf-8?b?Qm9zcw==?=", "Reyes", { address: "dana@example.com" }],
  ])("%j %j → %j", (firstName, lastName, replyTo) => {
    expect(composeLeadMail(lead({ firstName, lastName, email: "dana@example.com" }), SITE).replyTo).toEqual(replyTo);
  });
});

describe("CSV", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=HYPERLINK(1)", "'=HYPERLINK(1)"],
    ["+1 302", "'+1 302"],
    ["-5", "'-5"],
    ["@SUM", "'@SUM"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", '"\'\r=1+1"'],
    [null, ""],
    [3, "3"],
  ])("csvCell(%j) = %j", (a, b) => expect(csvCell(a)).toBe(b));

  it("names its columns once: the contact form's fields after the id and time, then the site, the cart and the follow-up", () => {
    const names = LEAD_CSV_COLUMNS.map((c) => c.name);
    expect(LEAD_CSV_HEADER).toBe(`${names.join(",")}\r\n`);
    expect(names.slice(2, 2 + CONTACT_FIELDS.length)).toEqual(CONTACT_FIELDS.map((f) => f.name));
    expect(names.slice(names.indexOf("site"))).toEqual([
      "site",
      "kind",
      "vehicleId",
      "vehicleName",
      "stockNumber",
      "vinOrSerial",
      "testDriveSlot",
      "status",
      "assignee",
      "due",
      "notes",
      "received",
      "timeZone",
    ]);
  });

  it("has a header row and one row per lead with source and delivery status", () => {
    const csv = leadsToCsv([lead(), lead({ id: "lead-2", source: null, delivery: { status: "sent", attempts: 1, sentAt: "2026-11-21T15:05:00.000Z" } })]);
    const lines = csv.trimEnd().split("\r\n");
    expect(`${lines[0]}\r\n`).toBe(LEAD_CSV_HEADER);
    expect(lines[1]).toBe(
      "lead-1,2026-11-21T15:04:05.000Z,Dana,O'Reyes,dana@example.com,302-555-0101,service,Battery check please.,spring-landing,https://resort.example,pending,0,,sussex-coast,message,,,,,,,,,,,",
    );
    expect(lines[2]).toMatch(/^lead-2,.*,,https:\/\/resort\.example,sent,1,2026-11-21T15:05:00\.000Z,sussex-coast,message,,,,,,,,,,,$/);
  });
});
