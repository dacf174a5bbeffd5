import { forwardRef, memo } from "react";
import { LIST_COLUMNS, nextSort, sitesText, type InventoryListQuery, type ListColumn } from "../../domain/inventory-list";
import { pictureSet, shownImages } from "../../domain/photo";
import { daysOnLot, type Vehicle } from "../../domain/vehicle";
import { formatPrice } from "./format";
import { Link, vehiclePath } from "./router";
import { STATUS_LABELS, VEHICLE_STATUSES, type VehicleStatus } from "./vehicle-form/form-values";

const MARK_LABELS: Record<VehicleStatus, string> = { available: "Mark available", "on-hold": "Mark on hold", sold: "Mark sold" };
/** The thumbnail's box (16:10, as every image slot): a drawing has no size of its own to give. */
const THUMB = { width: 96, height: 60 };

interface InventoryTableProps {
  /** The rows to draw (the list's first ones: the screen draws more on demand). */
  rows: readonly Vehicle[];
  query: InventoryListQuery;
  onSort: (sort: Pick<InventoryListQuery, "sort" | "order">) => void;
  today: Date;
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  /** The vehicle whose status is being changed: its buttons wait. */
  busy: string | null;
  onMark: (vehicle: Vehicle, status: VehicleStatus) => void;
  /** Each site's name by its id, for the Sites column. */
  siteNames?: ReadonlyMap<string, string>;
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

/**
 * The inventory as a table whose column headers sort it (aria-sort); on a phone each row stacks into a card, every
 * cell under its column's name. Each row has a tick box for bulk changes and buttons for its other statuses.
 */
export const InventoryTable = forwardRef<HTMLTableSectionElement, InventoryTableProps>(function InventoryTable(
  { rows, query, onSort, today, selected, onSelect, busy, onMark, siteNames = NO_NAMES },
  body,
) {
  const sortOf = (column: ListColumn) => (query.sort === column ? (query.order === "desc" ? "descending" : "ascending") : undefined);
  return (
    <div className="table-wrap inventory-table-wrap" role="region" aria-label="Vehicles" tabIndex={0}>
      <table className="table table--stacks inventory-table">
        <thead>
          <tr>
            <th scope="col" className="inventory-table__pick">
              <span className="visually-hidden">Selected</span>
            </th>
            <th scope="col" className="inventory-table__thumb">
              <span className="visually-hidden">Photo</span>
            </th>
            {LIST_COLUMNS.map(({ key, label }) => (
              <th key={key} scope="col" aria-sort={sortOf(key) ?? "none"} className={`inventory-table__${key}`}>
                <button type="button" className="sort-button" onClick={() => onSort(nextSort(query, key))}>
                  {label}
                  <span aria-hidden="true" className="sort-button__arrow">
                    {sortOf(key) === "ascending" ? "▲" : sortOf(key) === "descending" ? "▼" : "↕"}
                  </span>
                </button>
              </th>
            ))}
            <th scope="col" className="inventory-table__sites">
              Sites
            </th>
            <th scope="col">
              <span className="visually-hidden">Change status</span>
            </th>
          </tr>
        </thead>
        <tbody ref={body}>
          {rows.map((v) => (
            <Row key={v.id} v={v} today={today} picked={selected.has(v.id)} onSelect={onSelect} busy={busy === v.id} onMark={onMark} siteNames={siteNames} />
          ))}
        </tbody>
      </table>
    </div>
  );
});

/** One cart's row; drawn again only when its cart, tick or busy state changes (the list can hold thousands). */
const Row = memo(function Row({
  v,
  today,
  picked,
  onSelect,
  busy,
  onMark,
  siteNames,
}: {
  v: Vehicle;
  today: Date;
  picked: boolean;
  onSelect: (id: string, selected: boolean) => void;
  busy: boolean;
  onMark: (vehicle: Vehicle, status: VehicleStatus) => void;
  siteNames: ReadonlyMap<string, string>;
}) {
  const days = daysOnLot(v, today);
  const image = shownImages(v.images)[0];
  const picture = image ? pictureSet(image, "thumb", THUMB) : undefined;
  const none = <span className="muted">—</span>;
  return (
    <tr data-vehicle-id={v.id} className={picked ? "is-picked" : undefined}>
      <td className="inventory-table__pick">
        <input type="checkbox" checked={picked} onChange={(e) => onSelect(v.id, e.target.checked)} aria-label={`Select ${v.name}`} />
      </td>
      <td className="inventory-table__thumb" aria-hidden="true">
        {picture ? (
          <picture>
            {picture.sources.map((s) => (
              <source key={s.type} type={s.type} srcSet={s.srcSet} sizes="96px" />
            ))}
            <img src={picture.src} alt="" width={THUMB.width} height={THUMB.height} loading="lazy" decoding="async" />
          </picture>
        ) : (
          <span className="inventory-table__no-photo" />
        )}
      </td>
      <td data-label="Cart" className="inventory-table__name">
        <Link href={vehiclePath(v.id)}>{v.name}</Link>
        <span className="muted inventory-table__meta">
          {v.brand} · {v.condition === "used" ? "Used" : "New"}
        </span>
      </td>
      <td data-label="Stock no.">{v.stockNumber ?? none}</td>
      <td data-label="Year">{v.year ?? none}</td>
      <td data-label="Colour">{v.color ?? none}</td>
      <td data-label="Price" className="inventory-table__price">
        {formatPrice(v.price)}
      </td>
      <td data-label="Status">
        <p className={`status status--${v.status}`}>
          <span className="visually-hidden">Status: </span>
          {STATUS_LABELS[v.status]}
          {v.draft && <span className="status-draft"> · Draft, not on the site</span>}
        </p>
      </td>
      <td data-label="Days on lot" className="inventory-table__days">
        {days ?? none}
      </td>
      <td data-label="Sites" className="inventory-table__sites">
        {v.sites?.length ? sitesText(v, siteNames) : <span className="muted">{sitesText(v, siteNames)}</span>}
      </td>
      <td className="vehicle-row__actions">
        {VEHICLE_STATUSES.filter((s) => s !== v.status).map((s) => (
          <button
            key={s}
            type="button"
            className="btn btn--small btn--secondary"
            aria-label={`${MARK_LABELS[s]}: ${v.name}`}
            disabled={busy}
            onClick={() => onMark(v, s)}
          >
            {MARK_LABELS[s]}
          </button>
        ))}
      </td>
    </tr>
  );
});
