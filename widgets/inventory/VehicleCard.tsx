import { useState } from "react";
import type { Vehicle } from "../../domain/vehicle";
import { formatUsd } from "../../domain/money";
import { vehicleBadge } from "../../domain/vehicle-badge";
import { shownImages } from "../../domain/photo";
import { dealerUrl } from "../shared/api-base";
import { VehiclePicture } from "../shared/VehiclePicture";
import { Heading } from "../shared/headings";
import { CartIcon } from "../shared/CartIcon";
import { CompareTick, type Pick } from "./ComparePicks";

/** Intrinsic size of card images (16:10, as the catalogue's), so the grid does not shift while they load. */
const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 500;

/** "40 miles" stays as written; a bare number is in miles. */
export const rangeText = (range: string | number): string => (typeof range === "number" ? `${range} miles` : range);

/** One vehicle in the grid; the whole card is its link's hit area. */
export function VehicleCard({
  vehicle: v,
  apiBase,
  href,
  eager = false,
  level = 3,
  pick,
}: {
  vehicle: Vehicle;
  apiBase: string;
  href: string;
  eager?: boolean;
  /** The title's heading level (the widget's heading-level). */
  level?: number;
  /** The card's pick for the comparison, when the widget keeps the picks. */
  pick?: Pick;
}) {
  const [broken, setBroken] = useState(false);
  const image = shownImages(v.images)[0];
  const seats = v.specifications.seatingCapacity;
  return (
    <li className="card" part="card">
      <div className="media">
        {image && !broken ? (
          <VehiclePicture
            src={image}
            alt=""
            slot="card"
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            loading={eager ? "eager" : "lazy"}
            url={(path) => dealerUrl(apiBase, path)}
            onError={() => setBroken(true)}
          />
        ) : (
          <div className="placeholder" part="placeholder">
            <CartIcon />
            <span>Photo coming soon</span>
          </div>
        )}
        <span className="badge" part="badge">
          {vehicleBadge(v)}
        </span>
      </div>
      <div className="body">
        <p className="brand">{v.brand}</p>
        <Heading level={level} className="name">
          <a href={href} part="link">
            {v.name}
          </a>
        </Heading>
        <dl className="specs">
          <div>
            <dt>Seats</dt>
            <dd>{seats}</dd>
          </div>
          <div>
            <dt>Range</dt>
            <dd>{rangeText(v.specifications.range)}</dd>
          </div>
        </dl>
        <div className="foot">
          <span className="price" part="price">
            {formatUsd(v.price)}
          </span>
          <span className="more" aria-hidden="true">
            View details →
          </span>
        </div>
        <CompareTick id={v.id} name={v.name} pick={pick} />
      </div>
    </li>
  );
}
