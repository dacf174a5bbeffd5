import { formatAddress } from "./business";
import { INTEREST_LABELS } from "./contact";
import { escapeXml as x } from "./escape";
import type { Lead } from "./lead";
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
  const comments = `Interest: ${INTEREST_LABELS[lead.interest]}. ${lead.message}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<?ADF VERSION="1.0"?>
<adf>
  <prospect status="new">
    <id sequence="1" source="${x(site.name)}">${x(lead.id)}</id>
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

/** One-line address, re-exported for mail footers. */
export { formatAddress };
