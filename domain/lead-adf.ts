import { formatAddress } from "./business";
import { INTEREST_LABELS, LEAD_KIND_LABELS, leadKind } from "./contact";
import { otherAnswers } from "./contact-fields";
import { escapeXml as x } from "./escape";
import { vehicleMake, vehicleModel, type Lead } from "./lead";
import { formatSlot } from "./test-drive";
import { usageLabel, type LeadTradeIn } from "./trade-in";
import { primaryDomain, type Site } from "./site";

/** Where a site's leads come from when no partner `source` was given. */
export const siteProvider = (site: Pick<Site, "name">): string => `${site.name} website`;

/** The site's own address, as its canonical URLs begin. */
export const siteUrl = (site: Pick<Site, "domains">): string => `https://${primaryDomain(site)}`;

/**
 * The lead as ADF/XML 1.0, the auto-dealer lead format dealer CRMs ingest:
 * prospect, requestdate, customer (name parts, e-mail, phone, comments),
 * vendor (the site the lead came through: its name, phone, e-mail and
 * address) and provider (the site or the partner source).
 */
export function leadToAdf(lead: Lead, site: Site): string {
  const a = site.address;
  const kind = leadKind(lead);
  const slot = lead.slot ? ` Test drive: ${formatSlot(lead.slot)}.` : "";
  // The contact form's other fields (domain/contact-fields.ts), which ADF has no element for, each as "Label: answer.".
  const answers = otherAnswers(lead)
    .map((a) => ` ${a.label}: ${a.text}.`)
    .join("");
  const comments = `Interest: ${INTEREST_LABELS[lead.interest]}.${kind === "message" ? "" : ` ${LEAD_KIND_LABELS[kind]}.`}${slot}${answers} ${lead.message}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<?ADF VERSION="1.0"?>
<adf>
  <prospect status="new">
    <id sequence="1" source="${x(site.name)}">${x(lead.id)}</id>
    <requestdate>${x(lead.createdAt)}</requestdate>
${adfVehicle(lead)}${lead.tradeIn ? `\n${adfTradeIn(lead.tradeIn)}` : ""}
    <customer>
      <contact>
        <name part="first">${x(lead.firstName)}</name>
        <name part="last">${x(lead.lastName)}</name>
        <email>${x(lead.email)}</email>
        <phone type="voice">${x(lead.phone)}</phone>
      </contact>
      <comments>${x(comments)}</comments>
    </customer>
    <vendor>
      <vendorname>${x(site.name)}</vendorname>
      <contact primarycontact="1">
        <name part="full">${x(`${site.name} Sales`)}</name>
        <email>${x(site.email)}</email>
        <phone type="voice">${x(site.phones.main.display)}</phone>
        <address>
          <street line="1">${x(a.street)}</street>
          <city>${x(a.city)}</city>
          <regioncode>${x(a.region)}</regioncode>
          <postalcode>${x(a.postalCode)}</postalcode>
          <country>US</country>
        </address>
      </contact>
    </vendor>
    <provider>
      <name part="full">${x(lead.source ?? siteProvider(site))}</name>
      <service>${x(lead.source ? "Partner embed" : "Dealer website")}</service>
      <url>${x(lead.origin ?? siteUrl(site))}</url>
    </provider>
  </prospect>
</adf>
`;
}

/**
 * The vehicle of interest, in the ADF 1.0 order (year, make, model, vin, stock, price, comments): the cart the lead
 * names, as it was listed when the lead came in (a serial number, which ADF has no element for, goes in its comments;
 * a test drive is the interest "test-drive"); without one, the empty block CRMs expect.
 */
function adfVehicle(lead: Lead): string {
  const v = lead.vehicle;
  if (!v) {
    return `    <vehicle interest="buy" status="new">
      <year></year>
      <make></make>
      <model></model>
      <comments>${x(`Golf cart or low-speed vehicle (${INTEREST_LABELS[lead.interest]} enquiry)`)}</comments>
    </vehicle>`;
  }
  const lines = [
    `<year>${v.year ?? ""}</year>`,
    `<make>${x(vehicleMake(v))}</make>`,
    `<model>${x(vehicleModel(v))}</model>`,
    ...(v.vin ? [`<vin>${x(v.vin)}</vin>`] : []),
    ...(v.stockNumber ? [`<stock>${x(v.stockNumber)}</stock>`] : []),
    ...(v.price !== undefined ? [`<price type="asking" currency="USD">${v.price}</price>`] : []),
    `<comments>${x([v.name, v.serialNumber ? `Serial number: ${v.serialNumber}` : "", `Catalogue id: ${v.id}`].filter(Boolean).join(". "))}</comments>`,
  ];
  const interest = lead.kind === "test-drive" ? "test-drive" : "buy";
  return `    <vehicle interest="${interest}" status="${v.condition === "used" ? "used" : "new"}">
${lines.map((l) => `      ${l}`).join("\n")}
    </vehicle>`;
}

/**
 * The visitor's own cart offered in trade, in the ADF 1.0 order (year, make, model, odometer, condition, comments):
 * miles go in <odometer units="mi">, which has no unit for an hour meter, so hours go in the comments with the photos'
 * count (the photos stay on the server: staff see them on the lead). The condition is ADF's own word.
 */
function adfTradeIn(t: LeadTradeIn): string {
  const comments = [
    t.usageUnit === "hours" ? `Hour meter: ${usageLabel(t)}` : "",
    t.photos.length ? `${t.photos.length} photo${t.photos.length === 1 ? "" : "s"} on the lead in the staff console` : "No photos",
  ].filter(Boolean);
  const lines = [
    `<year>${t.year}</year>`,
    `<make>${x(t.make)}</make>`,
    `<model>${x(t.model)}</model>`,
    ...(t.usageUnit === "miles" && t.usage !== undefined ? [`<odometer status="unknown" units="mi">${t.usage}</odometer>`] : []),
    `<condition>${t.condition}</condition>`,
    `<comments>${x(`Trade-in. ${comments.join(". ")}.`)}</comments>`,
  ];
  return `    <vehicle interest="trade-in" status="used">
${lines.map((l) => `      ${l}`).join("\n")}
    </vehicle>`;
}

/** One-line address, re-exported for mail footers. */
export { formatAddress };
