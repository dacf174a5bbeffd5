import { BUSINESS, telHref } from "../../domain/business";
import { formatUsd } from "../../domain/money";
import { httpUrl } from "../../domain/http-url";
import { vehicleBadge } from "../../domain/vehicle-badge";
import type { Vehicle } from "../../domain/vehicle";
import { specLabel, specValue } from "../../domain/spec-label";
import { Icon } from "./Icon";
import { cardImage } from "./VehicleCard";
import { CheckList } from "./CheckList";
import { VehiclePicture } from "../../widgets/shared/VehiclePicture";

/** Says "opens in a new tab" for every link that does, by aria-describedby. */
const NEW_TAB_NOTE = "vd-new-tab";

function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <a className="btn btn--outline" href={href} target="_blank" rel="noopener" aria-describedby={NEW_TAB_NOTE}>
      {children}
    </a>
  );
}

/**
 * One vehicle's full details as plain HTML: the content of <gc-vehicle-detail>
 * before it upgrades, and what a reader without JavaScript sees.
 */
export function VehicleDetails({ vehicle: v }: { vehicle: Vehicle }) {
  const { tollFree, main } = BUSINESS.phones;
  // Data decides this link, so only an http(s) URL becomes one.
  const externalUrl = httpUrl(v.externalUrl);
  const specs = Object.entries(v.specifications).filter(([, value]) => value !== undefined && value !== null && value !== "");
  const badge = vehicleBadge(v);
  return (
    <article className="vehicle-detail" aria-labelledby="vd-name">
      <span id={NEW_TAB_NOTE} hidden>
        Opens in a new tab
      </span>
      <a className="back-link" href="/inventory">
        <Icon name="back" className="icon icon--small" /> Back to Inventory
      </a>
      <div className="vehicle-detail__top">
        <div className="vehicle-detail__media">
          {/* The page's largest paint: fetched first and painted with the first frame, not after it. */}
          <VehiclePicture src={cardImage(v)} alt={v.name} slot="detail" width={800} height={500} loading="high" />
        </div>
        <div className="vehicle-detail__info">
          <p>
            <span className={badge === "Out of Stock" ? "badge badge--muted" : "badge badge--new"}>{badge}</span>
          </p>
          <h2 id="vd-name">{v.name}</h2>
          <p className="price price--large">{formatUsd(v.price)}</p>
          <p>{v.description}</p>
          <dl className="tiles">
            <div className="tile">
              <dt>Seats</dt>
              <dd>{v.specifications.seatingCapacity}</dd>
            </div>
            <div className="tile">
              <dt>Brand</dt>
              <dd>{v.brand.toUpperCase()}</dd>
            </div>
          </dl>
          <div className="actions">
            <a className="btn btn--accent" href={telHref(tollFree)}>
              <Icon name="calendar" /> Schedule Test Drive
            </a>
            <NewTabLink href={BUSINESS.financingUrl}>Get Financing Quote</NewTabLink>
          </div>
          <p className="muted">
            Call toll-free <a href={telHref(tollFree)}>{tollFree.display}</a>
          </p>
        </div>
      </div>
      <div className="vehicle-detail__panels">
        <section className="panel" aria-labelledby="vd-features">
          <h3 id="vd-features">Features</h3>
          <CheckList items={v.features} />
        </section>
        <section className="panel" aria-labelledby="vd-specs">
          <h3 id="vd-specs">Specifications</h3>
          <dl className="spec-list">
            {specs.map(([key, value]) => (
              <div key={key}>
                <dt>{specLabel(key)}</dt>
                <dd>{specValue(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      {externalUrl ? (
        <p className="actions">
          <NewTabLink href={externalUrl}>View Vehicle Details</NewTabLink>
          <NewTabLink href={externalUrl}>Full Specifications</NewTabLink>
        </p>
      ) : null}
      <aside className="panel panel--accent" aria-labelledby="vd-interested">
        <h3 id="vd-interested">Interested in this vehicle?</h3>
        <p>Ask our sales team about availability, trade-ins and financing, or keep browsing.</p>
        <div className="actions">
          <a className="btn btn--primary" href={telHref(main)}>
            <Icon name="phone" /> Contact Sales Team
          </a>
          <a className="btn btn--outline" href="/inventory">
            View More Vehicles
          </a>
        </div>
      </aside>
    </article>
  );
}
