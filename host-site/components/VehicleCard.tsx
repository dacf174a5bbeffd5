import { comparePath } from "../../domain/compare-path";
import type { ReactNode } from "react";
import { formatUsd } from "../../domain/money";
import { shownImages } from "../../domain/photo";
import { VehiclePicture } from "../../widgets/shared/VehiclePicture";
import type { Vehicle } from "../../domain/vehicle";

export const PLACEHOLDER_VEHICLE_IMAGE = "/images/placeholder-vehicle.svg";

/** The image a card shows: the vehicle's main photo, else its first drawing, else the placeholder. */
export const cardImage = (v: Pick<Vehicle, "images">): string => shownImages(v.images)[0] ?? PLACEHOLDER_VEHICLE_IMAGE;

/** A vehicle as a card: image, badges, name linking to `href`, price and the key specs. */
export function VehicleCard({
  vehicle: v,
  href,
  badges = [],
  kicker = `${v.brand} · ${v.category}`,
  image = "lazy",
  children,
}: {
  vehicle: Vehicle;
  href: string;
  badges?: readonly string[];
  /** The small line above the name. */
  kicker?: string;
  /**
   * When the image loads: "lazy" when scrolled near; "eager" at once, for a
   * card in the page's first screen; "first" at once and ahead of the rest,
   * for the card most likely to be the largest thing on that screen.
   */
  image?: "lazy" | "eager" | "first";
  /** Extra lines or actions under the specs. */
  children?: ReactNode;
}) {
  const s = v.specifications;
  return (
    <article className="vehicle-card">
      <div className="vehicle-card__media">
        <VehiclePicture src={cardImage(v)} alt="" slot="card" width={800} height={500} loading={image === "first" ? "high" : image} />
        {badges.length ? (
          <p className="vehicle-card__badges">
            {badges.map((b) => (
              <span key={b} className={b === "NEW" ? "badge badge--new" : "badge"}>
                {b}
              </span>
            ))}
          </p>
        ) : null}
      </div>
      <div className="vehicle-card__body">
        <p className="vehicle-card__kicker">{kicker}</p>
        <h3 className="vehicle-card__name">
          <a href={href}>{v.name}</a>
        </h3>
        <p className="price">{formatUsd(v.price)}</p>
        <ul className="spec-chips" aria-label="Key specifications">
          <li>{s.seatingCapacity} seats</li>
          <li>{s.range} range</li>
          {s.topSpeed !== undefined ? <li>{s.topSpeed} top speed</li> : null}
        </ul>
        {children}
        <a className="vehicle-card__compare" href={comparePath([v.id])}>
          Compare<span className="visually-hidden"> {v.name}</span>
        </a>
      </div>
    </article>
  );
}
