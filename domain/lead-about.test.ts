import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import type { Lead } from "./lead";
import { vehicleLabel, vehicleMake, vehicleModel } from "./lead";
import { leadToAdf } from "./lead-adf";
import { composeLeadMail } from "./lead-mail";
import { leadsToCsv } from "./leads-csv";
import { firstSite } from "./site-seed";
import { VALID_MESSAGE } from "./testing/valid-lead";

const SITE = firstSite();
const CART = {
  id: "denago-ev-rover-xl6-d1042",
  name: "Denago EV Rover XL6",
  brand: "DENAGO",
  condition: "used" as const,
  year: 2024,
  stockNumber: "D-1042",
  vin: "1HGCM82633A004352",
  price: 14995,
};
const lead = (over: Partial<Lead> = {}): Lead => ({
  id: "lead-1",
  createdAt: "2026-11-21T15:04:05.000Z",
  ...VALID_MESSAGE,
  origin: null,
  source: null,
  site: "sussex-coast",
  delivery: { status: "pending", attempts: 0 },
  kind: "quote",
  vehicleId: CART.id,
  vehicle: CART,
  ...over,
});
const adf = (l: Lead) => {
  const doc = new new JSDOM().window.DOMParser().parseFromString(leadToAdf(l, SITE), "application/xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  return doc;
};

describe("a lead about a cart", () => {
  it("names make and model as a CRM reads them, and the cart in one line", () => {
    expect([vehicleMake(CART), vehicleModel(CART), vehicleLabel(CART)]).toEqual(["Denago", "EV Rover XL6", "Denago EV Rover XL6, stock #D-1042"]);
    expect(vehicleModel({ brand: "Evolution", name: "D5 Ranger 4" })).toBe("D5 Ranger 4");
    expect(vehicleMake({ brand: "Evolution" })).toBe("Evolution");
  });

  it("ADF: the vehicle of interest carries year, make, model, VIN, stock number and price, in the spec's order", () => {
    const v = adf(lead()).querySelector("prospect > vehicle")!;
    expect([v.getAttribute("interest"), v.getAttribute("status")]).toEqual(["buy", "used"]);
    expect([...v.children].map((c) => `${c.tagName}=${c.textContent}`)).toEqual([
      "year=2024",
      "make=Denago",
      "model=EV Rover XL6",
      "vin=1HGCM82633A004352",
      "stock=D-1042",
      "price=14995",
      `comments=Denago EV Rover XL6. Catalogue id: ${CART.id}`,
    ]);
  });

  it("ADF: a serial number without a VIN goes in the vehicle's comments; a test drive is interest test-drive with its slot in the comments", () => {
    const { vin: _vin, ...noVin } = CART;
    const doc = adf(lead({ kind: "test-drive", slot: "2026-11-30T10:00", vehicle: { ...noVin, serialNumber: "SN-77" } }));
    const v = doc.querySelector("prospect > vehicle")!;
    expect(v.getAttribute("interest")).toBe("test-drive");
    expect(v.querySelector("vin")).toBeNull();
    expect(v.querySelector("comments")?.textContent).toContain("Serial number: SN-77");
    expect(doc.querySelector("customer > comments")?.textContent).toContain("Test drive: Monday, November 30, 2026 at 10 AM.");
  });

  it("ADF without a cart keeps the empty block CRMs expect", () => {
    const v = adf(lead({ kind: undefined, vehicleId: undefined, vehicle: undefined })).querySelector("prospect > vehicle")!;
    expect([...v.children].map((c) => c.tagName)).toEqual(["year", "make", "model", "comments"]);
  });

  it("mail: the subject names the request and the cart; the body says what it is about and when", () => {
    const mail = composeLeadMail(lead(), SITE);
    expect(mail.subject).toBe("[Quote request] Sussex Coast Golf Carts website: Dana Reyes about Denago EV Rover XL6, stock #D-1042");
    expect(mail.text).toContain("About: Denago EV Rover XL6, stock #D-1042");
    const drive = composeLeadMail(lead({ kind: "test-drive", slot: "2026-11-30T14:00" }), SITE);
    expect(drive.subject).toMatch(/^\[Test drive\] /);
    expect(drive.text).toContain("Test drive: Monday, November 30, 2026 at 2 PM");
    expect(composeLeadMail(lead({ kind: undefined, vehicleId: undefined, vehicle: undefined }), SITE).subject).toBe(
      "[Sales lead] Sussex Coast Golf Carts website: Dana Reyes",
    );
  });

  it("CSV: the kind, the cart's id, name, stock number, VIN or serial and a test drive's slot", () => {
    const [header, row] = leadsToCsv([lead({ kind: "test-drive", slot: "2026-11-30T10:00" })]).split("\r\n");
    expect(header).toMatch(/,site,kind,vehicleId,vehicleName,stockNumber,vinOrSerial,testDriveSlot,/);
    expect(row).toMatch(new RegExp(`,sussex-coast,test-drive,${CART.id},Denago EV Rover XL6,D-1042,1HGCM82633A004352,2026-11-30T10:00,`));
  });
});
