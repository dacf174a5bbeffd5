import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import type { BulkResult } from "../../../domain/inventory-bulk";
import { AGE_OPTIONS, listFilters, listSearch, LIST_COLUMNS, type ListColumn } from "../../../domain/inventory-list";
import type { BulkSite } from "../inventory-bulk";
import { CONDITION_OPTIONS } from "../../../domain/inventory-query";
import type { Vehicle } from "../../../domain/vehicle";
import { staffApi, type InventoryListPage } from "../api/staff-api";
import { arrivalNotice } from "../components/arrival-notice";
import { FilterSelect } from "../components/FilterSelect";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { errorMessage } from "../error-message";
import { formatPrice } from "../format";
import { BulkReport, InventoryBulkBar } from "../inventory-bulk";
import { InventoryTable } from "../inventory-table";
import { InventoryPager, pageRange } from "../inventory-pager";
import { useListQuery } from "../inventory-url";
import { BASE, Link } from "../router";
import { STATUS_LABELS, VEHICLE_STATUSES, type VehicleStatus } from "../vehicle-form/form-values";
import { useLiveLoad } from "../use-live-load";
import { InventoryCsvTools } from "../inventory-csv/InventoryCsvTools";
import { FeedGaps } from "../feed-gaps";
import { SaleDialog, type Sale } from "../sale-dialog";
import "../inventory-list.css";

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
 * Every cart with its photo, stock number, year, colour, price, status, days on the lot and sites, a page of 50 at a
 * time; filters, a sort by any column, a search and the page, all kept in the URL and done by the server
 * (docs/decisions/0065); a status button per cart (marking one sold asks first); and bulk changes of the selected carts
 * (inventory-bulk.tsx), which may be on any page: "select all" picks every cart the filters keep.
 */
export function Inventory() {
  const [list, setList] = useState<InventoryListPage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: ReactNode } | null>(() => {
    const arrived = arrivalNotice();
    return arrived ? { tone: "success", text: arrived } : null;
  });
  const [query, setQuery] = useListQuery();
  /** The selected carts, by id, as they were loaded: a selection outlives a change of page. */
  const [selected, setSelected] = useState<ReadonlyMap<string, Vehicle>>(new Map());
  /** Bumped to load the page again (after an import or a bulk change). */
  const [reloads, setReloads] = useState(0);
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
  }, [refocus, list]);

  useLiveLoad(
    () => staffApi.inventoryPage(query),
    (page) => {
      setList(page);
      setFailure(null);
    },
    (err) => setFailure(errorMessage(err)),
    [query, reloads],
  );
  const reload = () => setReloads((n) => n + 1);
  /** The filters without the page: another filter is another list, whose selection starts empty. */
  const filters = listSearch(listFilters(query));
  useEffect(() => setSelected(new Map()), [filters]);
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
  const today = useMemo(() => new Date(), [list]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = list?.vehicles ?? [];
  const chosen = useMemo(() => [...selected.values()], [selected]);
  const ticked = useMemo(() => new Set(selected.keys()), [selected]);
  const brands = list?.brands ?? [];

  /** Saved versions of carts, put in place on this page and in the selection. */
  const put = (saved: readonly Vehicle[]) => {
    const byId = new Map(saved.map((v) => [v.id, v]));
    setList((page) => page && { ...page, vehicles: page.vehicles.map((v) => byId.get(v.id) ?? v) });
    setSelected((before) => (saved.some((v) => before.has(v.id)) ? new Map([...before].map(([id, v]) => [id, byId.get(id) ?? v])) : before));
  };
  const select = useCallback(
    (id: string, on: boolean) => {
      setSelected((before) => {
        const next = new Map(before);
        const vehicle = list?.vehicles.find((v) => v.id === id);
        if (on && vehicle) next.set(id, vehicle);
        else next.delete(id);
        return next;
      });
    },
    [list],
  );
  const [selectingAll, setSelectingAll] = useState(false);
  const selectAll = async (all: boolean) => {
    if (!all) return setSelected(new Map());
    setSelectingAll(true);
    try {
      // Every cart the filters keep, on every page, as the server has them now.
      const every = await staffApi.vehicles(query);
      setSelected(new Map(every.map((v) => [v.id, v])));
    } catch (err) {
      setNotice({ tone: "error", text: `Could not select every cart: ${errorMessage(err)}` });
    } finally {
      setSelectingAll(false);
    }
  };

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
      setList((page) => page && { ...page, vehicles: page.vehicles.map((v) => (v.id === saved.vehicle.id ? saved.vehicle : v)) });
      setSelected((before) => (before.has(saved.vehicle.id) ? new Map(before).set(saved.vehicle.id, saved.vehicle) : before));
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
    const clean = left.size === 0;
    setNotice({ tone: clean ? "success" : "error", text: <BulkReport result={result} /> });
    if (clean) return setSelected(new Map());
    // A cart changed meanwhile stays selected as it is now, so that the next change starts from it.
    const now = await staffApi.vehicles(query).catch(() => chosen);
    setSelected(new Map(now.filter((v) => left.has(v.id)).map((v) => [v.id, v])));
    reload();
  };

  const sortChoice = query.sort ? `${query.sort}:${query.order ?? "asc"}` : "";
  const filtered = list !== null && list.total !== list.count;
  return (
    <>
      <ScreenHeading title="Inventory" busy={!list && !failure} />
      {failure && <Notice tone="error">Could not load the inventory: {failure}</Notice>}
      {list && (
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
            <InventoryCsvTools exported={() => staffApi.vehicles(query)} count={list.total} onImported={reload} />
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
              ? `${list.total.toLocaleString("en-US")} of ${list.count.toLocaleString("en-US")} vehicles`
              : `${list.count.toLocaleString("en-US")} vehicles`}
            {list.pageCount > 1 && ` · page ${list.page.toLocaleString("en-US")} of ${list.pageCount.toLocaleString("en-US")}`}
          </p>
          <FeedGaps gaps={list.feedGaps} />
          <InventoryBulkBar
            total={list.total}
            chosen={chosen}
            selectingAll={selectingAll}
            onSelectAll={(all) => void selectAll(all)}
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
              rows={shown}
              query={query}
              onSort={setQuery}
              today={today}
              selected={ticked}
              onSelect={select}
              busy={busy}
              onMark={onMark}
              siteNames={sites.names}
            />
          )}
          {list.total > 0 && (list.pageCount > 1 || list.page > 1) && (
            <>
              <p className="muted inventory-range">{pageRange(list)}</p>
              <InventoryPager query={query} page={list.page} pageCount={list.pageCount} onPage={(page) => setQuery({ page }, { push: true })} />
            </>
          )}
          {list.total === 0 && <p>{query.q ? `No vehicle matches “${query.q}” with these filters.` : "No vehicle matches these filters."}</p>}
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
