import { BUSINESS, formatAddress } from "./business";
import { INTEREST_LABELS } from "./contact";
import { escapeXml as x } from "./escape";
import type { Lead } from "./lead";

/** Where leads come from when no partner `source` was given. */
export const SITE_PROVIDER = `${BUSINESS.name} website`;

/**
 * The lead as ADF/XML 1.0, the auto-dealer lead format dealer CRMs ingest:
 * prospect, requestdate, customer (name parts, e-mail, phone, comments),
 * vendor (the dealership) and provider (the site or the partner source).
 */
export function leadToAdf(lead: Lead): string {
  const a = BUSINESS.address;
  const comments = `Interest: ${INTEREST_LABELS[lead.interest]}. ${lead.message}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<?ADF VERSION="1.0"?>
<adf>
  <prospect status="new">
    <id sequence="1" source="${x(BUSINESS.name)}">${x(lead.id)}</id>
    <requestdate>${x(lead.createdAt)}</requestdate>
    <vehicle interest="buy" status="new">
      <year></year>
      <make></make>
      <model></model>
      <comments>${x(`Golf cart or low-speed vehicle (${INTEREST_LABELS[lead.interest]} enquiry)`)}</comments>
    </vehicle>
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
      <vendorname>${x(BUSINESS.name)}</vendorname>
      <contact primarycontact="1">
        <name part="full">${x(`${BUSINESS.name} Sales`)}</name>
        <email>${x(BUSINESS.email)}</email>
        <phone type="voice">${x(BUSINESS.phones.main.display)}</phone>
        <address>
          <street line="1">${x(a.street)}</street>
          <city>${x(a.city)}</city>
          <regioncode>${x(a.region)}</regioncode>
          <postalcode>${x(a.postalCode)}</postalcode>
          <country>${x(a.country)}</country>
        </address>
      </contact>
    </vendor>
    <provider>
      <name part="full">${x(lead.source ?? SITE_PROVIDER)}</name>
      <service>${x(lead.source ? "Partner embed" : "Dealer website")}</service>
      <url>${x(lead.origin ?? BUSINESS.siteUrl)}</url>
    </provider>
  </prospect>
</adf>
`;
}

/** One-line address, re-exported for mail footers. */
export { formatAddress };
