import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import type { BulkResult } from "../../../domain/inventory-bulk";
import { AGE_OPTIONS, brandChoices, inventoryList, LIST_COLUMNS, type ListColumn } from "../../../domain/inventory-list";
import type { BulkSite } from "../inventory-bulk";
import { CONDITION_OPTIONS } from "../../../domain/inventory-query";
import type { Vehicle } from "../../../domain/vehicle";
import { staffApi } from "../api/staff-api";
import { arrivalNotice } from "../components/arrival-notice";
import { FilterSelect } from "../components/FilterSelect";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { errorMessage } from "../error-message";
import { formatPrice } from "../format";
import { BulkReport, InventoryBulkBar } from "../inventory-bulk";
import { InventoryTable } from "../inventory-table";
import { useListQuery } from "../inventory-url";
import { BASE, Link } from "../router";
import { STATUS_LABELS, VEHICLE_STATUSES, type VehicleStatus } from "../vehicle-form/form-values";
import { useLiveLoad } from "../use-live-load";
import { InventoryCsvTools } from "../inventory-csv/InventoryCsvTools";
import { FeedGaps } from "../feed-gaps";
import { SaleDialog, type Sale } from "../sale-dialog";
import "../inventory-list.css";

/**
 * Rows drawn at first and per "Show more": a dealer group's 3,500 carts would be 3,500 rows of pictures and buttons,
 * while filters and sort work on every cart (docs/decisions/0040-inventory-list-and-bulk-changes.md).
 */
const ROWS_PER_STEP = 100;
/** How the phone's "Sort by" names each column's two directions (wider screens sort by the column headers). */
const DIRECTIONS: Record<ListColumn, [asc: string, desc: string]> = {
  name: ["A to Z", "Z to A"],
  stockNumber: ["A to Z", "Z to A"],
  year: ["oldest first", "newest first"],
  color: ["A to Z", "Z to A"],
  price: ["low to high", "high to low"],
  status: ["available first", "sold first"],
  days: ["fewest first", "most first"],
};
const SORT_CHOICES = LIST_COLUMNS.flatMap(({ key, label }) =>
  (["asc", "desc"] as const).map((order, i) => ({ value: `${key}:${order}`, label: `${label}, ${DIRECTIONS[key][i]}` })),
);

/**
 * Every cart with its photo, stock number, year, colour, price, status, days on the lot and sites; filters, a sort by any
 * column and a search, all kept in the URL; a status button per cart (marking one sold asks first); and bulk changes
 * of the selected carts (inventory-bulk.tsx).
 */
export function Inventory() {
  const [vehicles, setVehicles] = useState<Vehicle[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: ReactNode } | null>(() => {
    const arrived = arrivalNotice();
    return arrived ? { tone: "success", text: arrived } : null;
  });
  const [query, setQuery] = useListQuery();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [drawn, setDrawn] = useState(ROWS_PER_STEP);
  /** The vehicle waiting for "Mark sold" to be confirmed. */
  const [selling, setSelling] = useState<Vehicle | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const searchId = useId();
  const body = useRef<HTMLTableSectionElement>(null);
  /** The vehicle whose status just changed: its pressed button is gone, so focus goes to the row's next one. */
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    body.current?.querySelector<HTMLElement>(`tr[data-vehicle-id="${CSS.escape(refocus)}"] .vehicle-row__actions button`)?.focus();
    setRefocus(null);
  }, [refocus, vehicles]);

  const load = () => staffApi.vehicles();
  useLiveLoad(load, setVehicles, (err) => setFailure(errorMessage(err)), []);
  /** The sites the account acts on (the filter, bulk changes) and every site's name (the Sites column). */
  const [sites, setSites] = useState<{ own: BulkSite[]; names: ReadonlyMap<string, string> }>({ own: [], names: new Map() });
  useLiveLoad(
    () => staffApi.sites(),
    ({ sites: own, everySite }) =>
      setSites({ own: own.map(({ id, name }) => ({ id, name })), names: new Map((everySite ?? own).map((site) => [site.id, site.name])) }),
    () => undefined,
    [],
  );

  // The day the list counts days on the lot to: when it was loaded.
  const today = useMemo(() => new Date(), [vehicles]); // eslint-disable-line react-hooks/exhaustive-deps
  /** The carts the list shows, filtered and sorted: what "select all" picks, and what the CSV tools export. */
  const shown = useMemo(() => inventoryList(vehicles ?? [], query, today), [vehicles, query, today]);
  const chosen = useMemo(() => shown.filter((v) => selected.has(v.id)), [shown, selected]);
  const brands = useMemo(() => brandChoices(vehicles ?? []), [vehicles]);
  useEffect(() => setDrawn(ROWS_PER_STEP), [query]);

  const put = (saved: readonly Vehicle[]) => {
    const byId = new Map(saved.map((v) => [v.id, v]));
    setVehicles((list) => list?.map((v) => byId.get(v.id) ?? v) ?? null);
  };
  const select = useCallback((id: string, on: boolean) => {
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const mark = useCallback(async (vehicle: Vehicle, status: VehicleStatus, sale?: Sale) => {
    setBusy(vehicle.id);
    setNotice(null);
    try {
      // The newest version, so the change applies to what is stored now, not to this list's copy.
      const { vehicle: latest, etag } = await staffApi.vehicle(vehicle.id);
      // A sale is recorded with the status that says it; marking the cart available again leaves the record in its history.
      const edit = sale
        ? { changes: { status, sale }, base: { status: latest.status, sale: latest.sale ?? null } }
        : { changes: { status }, base: { status: latest.status } };
      const saved = await staffApi.editVehicle(latest.id, edit, etag);
      setVehicles((list) => list?.map((v) => (v.id === saved.vehicle.id ? saved.vehicle : v)) ?? null);
      const sold = sale ? `: ${sale.date} for ${formatPrice(sale.price)}${sale.leadId ? ", from its lead" : ""}` : "";
      setNotice({ tone: "success", text: `${saved.vehicle.name} is now ${STATUS_LABELS[status].toLowerCase()}${sold}.` });
      setRefocus(saved.vehicle.id);
    } catch (err) {
      setNotice({ tone: "error", text: `${vehicle.name} was not changed: ${errorMessage(err)}` });
    } finally {
      setBusy(null);
    }
  }, []);
  const onMark = useCallback((v: Vehicle, s: VehicleStatus) => (s === "sold" ? setSelling(v) : void mark(v, s)), [mark]);

  const bulkDone = async (result: BulkResult) => {
    put(result.saved);
    const left = new Set([...result.conflicts.map((c) => c.id), ...result.refused.map((r) => r.id)]);
    setSelected(left);
    const clean = left.size === 0;
    setNotice({ tone: clean ? "success" : "error", text: <BulkReport result={result} /> });
    // A cart changed meanwhile is shown as it is now, so that the next change starts from it.
    if (!clean) setVehicles(await staffApi.vehicles().catch(() => vehicles));
  };

  const sortChoice = query.sort ? `${query.sort}:${query.order ?? "asc"}` : "";
  const filtered = shown.length !== (vehicles?.length ?? 0);
  return (
    <>
      <ScreenHeading title="Inventory" busy={!vehicles && !failure} />
      {failure && <Notice tone="error">Could not load the inventory: {failure}</Notice>}
      {vehicles && (
        <>
          <div className="toolbar">
            <div className="field field--search">
              <label htmlFor={searchId}>Search</label>
              <input
                id={searchId}
                type="search"
                value={query.q ?? ""}
                onChange={(e) => setQuery({ q: e.target.value })}
                aria-describedby={`${searchId}-count`}
              />
            </div>
            <InventoryCsvTools vehicles={shown} onImported={() => void load().then(setVehicles, (err: unknown) => setFailure(errorMessage(err)))} />
            <Link href={`${BASE}/vehicles/new`} className="btn btn--primary">
              Add a vehicle
            </Link>
          </div>
          <div className="inventory-filters" role="group" aria-label="Filter and sort">
            <FilterSelect
              label="Status"
              options={VEHICLE_STATUSES}
              optionLabel={(s) => STATUS_LABELS[s]}
              value={query.status ?? ""}
              onChange={(status) => setQuery({ status: status || undefined })}
            />
            <FilterSelect
              label="Brand"
              options={brands.map((b) => b.value)}
              optionLabel={(value) => brands.find((b) => b.value === value)?.label ?? value}
              value={query.brand ?? ""}
              onChange={(brand) => setQuery({ brand: brand || undefined })}
            />
            <FilterSelect
              label="Condition"
              options={CONDITION_OPTIONS.map((c) => c.value)}
              optionLabel={(value) => CONDITION_OPTIONS.find((c) => c.value === value)!.label}
              value={query.condition ?? ""}
              onChange={(condition) => setQuery({ condition: condition || undefined })}
            />
            <FilterSelect
              label="Age"
              options={AGE_OPTIONS.map((a) => a.value)}
              optionLabel={(value) => AGE_OPTIONS.find((a) => a.value === value)!.label}
              value={query.age ?? ""}
              onChange={(age) => setQuery({ age: age || undefined })}
            />
            {sites.names.size > 1 && (
              <FilterSelect
                label="Site"
                options={[...sites.names.keys()]}
                optionLabel={(id) => sites.names.get(id) ?? id}
                value={query.site ?? ""}
                onChange={(site) => setQuery({ site: site || undefined })}
              />
            )}
            <div className="field inventory-filters__sort">
              <label htmlFor={`${searchId}-sort`}>Sort by</label>
              <select
                id={`${searchId}-sort`}
                value={sortChoice}
                onChange={(e) => {
                  const [sort, order] = e.target.value.split(":") as [ListColumn | "", "asc" | "desc"];
                  setQuery(sort ? { sort, order } : { sort: undefined, order: undefined });
                }}
              >
                <option value="">The catalogue's order</option>
                {SORT_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p id={`${searchId}-count`} className="muted" aria-live="polite">
            {filtered
              ? `${shown.length.toLocaleString("en-US")} of ${vehicles.length.toLocaleString("en-US")} vehicles`
              : `${vehicles.length.toLocaleString("en-US")} vehicles`}
          </p>
          <FeedGaps vehicles={vehicles} />
          <InventoryBulkBar
            shown={shown}
            chosen={chosen}
            onSelectAll={(all) => setSelected(all ? new Set(shown.map((v) => v.id)) : new Set())}
            onDone={(result) => void bulkDone(result)}
            onFailed={(text) => setNotice({ tone: "error", text })}
            sites={sites.own}
          />
          {notice && (
            <Notice tone={notice.tone} result={notice}>
              {notice.text}
            </Notice>
          )}
          {shown.length > 0 && (
            <InventoryTable
              ref={body}
              rows={shown.slice(0, drawn)}
              query={query}
              onSort={setQuery}
              today={today}
              selected={selected}
              onSelect={select}
              busy={busy}
              onMark={onMark}
              siteNames={sites.names}
            />
          )}
          {shown.length > drawn && (
            <p className="inventory-more">
              <button type="button" className="btn btn--secondary" onClick={() => setDrawn((n) => n + ROWS_PER_STEP)}>
                Show {Math.min(ROWS_PER_STEP, shown.length - drawn)} more rows ({(shown.length - drawn).toLocaleString("en-US")} more in the list)
              </button>
            </p>
          )}
          {shown.length === 0 && <p>{query.q ? `No vehicle matches “${query.q}” with these filters.` : "No vehicle matches these filters."}</p>}
          <SaleDialog
            vehicle={selling}
            onSold={(v, sale) => {
              void mark(v, "sold", sale);
              setSelling(null);
            }}
            onCancel={() => setSelling(null)}
          />
        </>
      )}
    </>
  );
}
