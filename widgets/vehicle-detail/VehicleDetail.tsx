import type { Vehicle } from "../../domain/vehicle";
import { telHref } from "../../domain/business";
import { useWidgetContact } from "../shared/site-contact";
import { httpUrl } from "../../domain/http-url";
import { formatUsd } from "../../domain/money";
import { vehicleBadge } from "../../domain/vehicle-badge";
import { LoadFailed } from "../shared/LoadFailed";
import { apiBaseHint, dealerUrl, resolveApiBase } from "../shared/api-base";
import type { WidgetProps } from "../shared/define-widget";
import { useReportedProblems } from "../shared/report";
import { Heading, headingLevel } from "../shared/headings";
import { COMPARE_LINK, MANUFACTURER_LINK, QUOTE_LINK, useWidgetEvents, withUtm } from "../shared/analytics";
import { PaymentEstimate } from "./PaymentEstimate";
import { TestDrive } from "./TestDrive";
import { testDriveRefusal } from "../../domain/test-drive";
import { comparePath } from "../../domain/compare-path";
import { useVehicle } from "../shared/use-vehicles";
import { vehiclesStore } from "../shared/vehicles-store";
import { Gallery } from "./Gallery";
import { TradeIn } from "./TradeIn";
import { shownImages } from "../../domain/photo";
import { specLabel, specValue } from "../../domain/spec-label";

const TAG = "gc-vehicle-detail";
export const MISSING_ID = '"vehicle-id" is required';

export interface VehicleDetailProps {
  /** The dealership's origin; defaults to where the script came from. */
  apiBase?: string;
  /** The vehicle to show: its id or any slug the API resolves. Required. */
  vehicleId?: string;
  /** The level of the widget's top heading (the vehicle's name), 1 to 6; default 2. */
  headingLevel?: number;
  /** A label naming the page or partner: gc-ready and gc-action carry it, and links to the dealership's pages as utm_source. */
  source?: string;
}

/** A link that opens in a new tab, saying so to screen readers without changing its name. */
function NewTabLink({ href, className, part, children, ...rest }: { href: string; className: string; part: string; children: string; [attr: string]: string }) {
  return (
    <a href={href} className={className} part={part} target="_blank" rel="noopener" aria-describedby="gc-new-tab" {...rest}>
      {children}
    </a>
  );
}

/** `<gc-vehicle-detail vehicle-id="…">`: one vehicle's page content (spec §2 "Vehicle detail": what the page shows; §4: loading, then loaded or an error; §8: Vehicle Not Found). */
export function VehicleDetail({ apiBase: apiBaseAttr, vehicleId, headingLevel: levelAttr, source, host }: VehicleDetailProps & WidgetProps) {
  const level = headingLevel(levelAttr, 2);
  const apiBase = resolveApiBase(apiBaseAttr);
  const id = vehicleId?.trim() || undefined;
  const vehicle = useVehicle(apiBase, id);
  const inventoryUrl = withUtm(dealerUrl(apiBase, "/inventory"), apiBase, source);
  useWidgetEvents(host, TAG, source, vehicle?.status !== "loading");

  const problem = !id ? MISSING_ID : vehicle?.status === "error" ? `${vehicle.error}: ${id}${vehicle.notFound ? "" : apiBaseHint(apiBaseAttr)}` : undefined;
  useReportedProblems(host, TAG, problem);

  if (!vehicle) {
    return (
      <div className="notice notice--error" role="alert" part="error">
        This vehicle cannot be shown: the {MISSING_ID}.
      </div>
    );
  }
  if (vehicle.status === "loading" && host.childElementCount > 0) {
    // The page prerendered this vehicle inside the element: keep showing it until the live data is in, so nothing jumps.
    return (
      <div className="detail" part="detail" aria-busy="true">
        <slot />
      </div>
    );
  }
  if (vehicle.status === "loading") {
    return (
      <div className="detail" part="detail" aria-busy="true">
        <p className="gc-visually-hidden" role="status">
          Loading vehicle…
        </p>
        <div className="top" aria-hidden="true" data-testid="detail-skeleton">
          <div className="gc-skeleton sk-image" />
          <div className="info">
            <div className="gc-skeleton sk-line sk-short" />
            <div className="gc-skeleton sk-title" />
            <div className="gc-skeleton sk-line sk-mid" />
            <div className="gc-skeleton sk-line" />
            <div className="gc-skeleton sk-line" />
            <div className="gc-skeleton sk-tiles" />
          </div>
        </div>
      </div>
    );
  }
  if (vehicle.status === "error" && !vehicle.notFound) {
    // A timeout, a network failure or a 5xx: the vehicle may well exist, so offer a retry, and keep the page's own
    // prerendered details in view if it has them.
    const retry = () => void vehiclesStore.getState().loadVehicle(apiBase, id!);
    return (
      <div className="detail" part="detail">
        <LoadFailed message="This vehicle could not be loaded just now. Please try again, or call us." onRetry={retry} />
        {host.childElementCount > 0 && <slot />}
      </div>
    );
  }
  if (vehicle.status === "error") {
    return (
      <div className="notice" part="not-found">
        <Heading level={level} className="notice-title">
          Vehicle Not Found
        </Heading>
        <p>The vehicle you're looking for doesn't exist or has been removed.</p>
        <a className="gc-btn" href={inventoryUrl} part="back-link">
          Back to Inventory
        </a>
      </div>
    );
  }
  return <Loaded v={vehicle.data} apiBase={apiBase} inventoryUrl={inventoryUrl} level={level} host={host} source={source} />;
}

function Loaded({
  v,
  apiBase,
  inventoryUrl,
  level,
  host,
  source,
}: {
  v: Vehicle;
  apiBase: string;
  inventoryUrl: string;
  level: number;
  host: HTMLElement;
  source: string | undefined;
}) {
  const { tollFree, main, financingUrl } = useWidgetContact();
  /** Test drives are booked on the toll-free line, or the main one where there is none. */
  const line = tollFree ?? main;
  // Data decides this link, so only an http(s) URL becomes one. On a partner's page the two buttons lead to the
  // vehicle's own page on the dealership's site (a maker's externalUrl is its home page, not this vehicle's); on that
  // page itself they keep the spec's externalUrl.
  const externalUrl = httpUrl(v.externalUrl);
  const vehiclePage = apiBase ? withUtm(dealerUrl(apiBase, `/vehicle/${encodeURIComponent(v.id)}`), apiBase, source) : "";
  const specs = Object.entries(v.specifications).filter(([, value]) => value !== undefined && value !== null && value !== "");
  return (
    <article className="detail" part="detail" aria-labelledby="gc-vd-name">
      <span id="gc-new-tab" hidden>
        Opens in a new tab
      </span>
      <a className="back" href={inventoryUrl} part="back-link">
        <span aria-hidden="true">←</span> Back to Inventory
      </a>
      <div className="top">
        <Gallery key={v.id} images={shownImages(v.images)} name={v.name} apiBase={apiBase} />
        <div className="info">
          <span className={`badge badge--${v.isNew ? "new" : v.inStock ? "in" : "out"}`} part="badge">
            {vehicleBadge(v)}
          </span>
          <Heading level={level} id="gc-vd-name" className="name" part="name">
            {v.name}
          </Heading>
          <p className="price" part="price">
            {formatUsd(v.price)}
          </p>
          <p className="description">{v.description}</p>
          <dl className="tiles">
            <div className="tile" part="tile">
              <dt>Seats</dt>
              <dd>{v.specifications.seatingCapacity}</dd>
            </div>
            <div className="tile" part="tile">
              <dt>Brand</dt>
              <dd>{v.brand.toUpperCase()}</dd>
            </div>
          </dl>
          <div className="actions">
            {!testDriveRefusal(v) && <TestDrive v={v} apiBase={apiBase} host={host} level={level} source={source?.trim() || null} line={line} />}
            {financingUrl ? (
              <NewTabLink href={financingUrl} className="gc-btn gc-btn--ghost" part="financing" {...QUOTE_LINK}>
                Get Financing Quote
              </NewTabLink>
            ) : null}
            <a className="gc-btn gc-btn--ghost" href={withUtm(dealerUrl(apiBase, comparePath([v.id])), apiBase, source)} part="compare" {...COMPARE_LINK}>
              Compare
            </a>
            <TradeIn v={v} apiBase={apiBase} host={host} source={source?.trim() || null} />
          </div>
          <p className="call">
            {`Call ${tollFree ? "toll-free " : ""}`}
            <a href={telHref(line)}>{line.display}</a>
          </p>
        </div>
      </div>
      <div className="sections">
        <section className="panel" part="features" aria-labelledby="gc-vd-features">
          <Heading level={level} depth={1} id="gc-vd-features" className="sub-title">
            Features
          </Heading>
          <ul className="features">
            {v.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </section>
        <section className="panel" part="specifications" aria-labelledby="gc-vd-specs">
          <Heading level={level} depth={1} id="gc-vd-specs" className="sub-title">
            Specifications
          </Heading>
          <dl className="specs">
            {specs.map(([key, value]) => (
              <div key={key}>
                <dt>{specLabel(key)}</dt>
                <dd>{specValue(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <PaymentEstimate v={v} apiBase={apiBase} host={host} level={level} source={source?.trim() || null} />
      {externalUrl && (
        <div className="external">
          <NewTabLink href={vehiclePage || externalUrl} className="gc-btn gc-btn--ghost" part="external-link" {...(vehiclePage ? {} : MANUFACTURER_LINK)}>
            View Vehicle Details
          </NewTabLink>
          <NewTabLink href={vehiclePage || externalUrl} className="gc-btn gc-btn--ghost" part="external-link" {...(vehiclePage ? {} : MANUFACTURER_LINK)}>
            Full Specifications
          </NewTabLink>
        </div>
      )}
      <aside className="interested" part="cta" aria-labelledby="gc-vd-cta">
        <Heading level={level} depth={1} id="gc-vd-cta" className="sub-title">
          Interested in this vehicle?
        </Heading>
        <p>Talk to our sales team about availability, trade-ins and financing, or keep browsing.</p>
        <div className="actions">
          <a className="gc-btn" href={telHref(main)} part="contact-sales">
            Contact Sales Team
          </a>
          <a className="gc-btn gc-btn--ghost" href={inventoryUrl} part="more-vehicles">
            View More Vehicles
          </a>
        </div>
      </aside>
    </article>
  );
}
