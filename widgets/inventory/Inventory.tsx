import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Vehicle } from "../../domain/vehicle";
import { BRAND_OPTIONS, categoryOptions, filterVehicles } from "../../domain/inventory-filter";
import { LoadFailed } from "../shared/LoadFailed";
import { dealerUrl, resolveApiBase, apiBaseHint } from "../shared/api-base";
import type { WidgetProps } from "../shared/define-widget";
import { useReportedProblems } from "../shared/report";
import { Heading, distinctLabel, headingLevel } from "../shared/headings";
import { useWidgetEvents, withUtm } from "../shared/analytics";
import { useVehicleList } from "../shared/use-vehicles";
import { vehiclesStore } from "../shared/vehicles-store";
import { FilterBar } from "./FilterBar";
import { useSlices } from "./use-slices";
import { NO_FILTERS, readQuery, writeQuery, type FilterChoice } from "./filter-query";
import { VehicleCard } from "./VehicleCard";
import { PAGED_ATTRIBUTE, servedPageHtml } from "./served-page";

const TAG = "gc-inventory";
/** What visitors read when the list cannot be loaded (the reason itself is for the developer: gc-error and the console). */
export const LIST_FAILED = "Our vehicles could not be loaded just now. Please try again, or call us.";
/** Skeleton cards while the list loads (spec §4 "Inventory": six placeholder cards while loading). */
export const SKELETON_COUNT = 6;
const NONE: Vehicle[] = [];
/** Cards whose images load at once rather than when scrolled near: a wide grid's first row. */
const EAGER_IMAGES = 3;

export interface InventoryProps {
  /** The dealership's origin; defaults to where the script came from. */
  apiBase?: string;
  /** Show only brands containing this text, case-insensitive, e.g. "denago". */
  brand?: string;
  /** Card link template; `{id}` is replaced. Default `${apiBase}/vehicles/{id}`. */
  detailUrl?: string;
  /** Show at most this many cards. */
  limit?: number;
  /** The level of the cards' titles, 1 to 6; default 3. */
  headingLevel?: number;
  /** A label naming the page or partner: gc-ready and gc-action carry it, and links to the dealership's pages as utm_source. */
  source?: string;
  /** Keep the filters in the page's URL query. */
  syncUrl?: boolean;
}

/** A vehicle's link from the `detail-url` template. */
export const detailHref = (template: string, id: string): string => template.replaceAll("{id}", encodeURIComponent(id));

/** The dealership's inventory page, showing the `brand` attribute's brand when it names one exactly. */
function inventoryHref(apiBase: string, brand: string | undefined): string {
  const exact = BRAND_OPTIONS.find((o) => o.value === brand?.trim().toLowerCase());
  return dealerUrl(apiBase, exact ? `/inventory?brand=${exact.value}` : "/inventory");
}

/**
 * `<gc-inventory>`: search, filters, sort and the vehicle card grid (spec §2 "Inventory"; §4: loading, error, no match
 * or list; §5: the filter rules; §8: the error and no-match texts). On the dealership's own inventory page, which the
 * server serves one page of results at a time, it keeps that page as served (served-page.ts).
 */
export function Inventory(props: InventoryProps & WidgetProps) {
  const [page] = useState(() => (props.served ? servedPageHtml(props.host) : undefined));
  return page === undefined ? <LiveInventory {...props} /> : <ServedPageView {...props} html={page} />;
}

/** A page of results the server cut: its form and links work as served, so it is hydrated without being rendered again. */
function ServedPageView({ host, source, html }: WidgetProps & { source?: string; html: string }) {
  useWidgetEvents(host, TAG, source, true);
  // preact leaves markup given as inner HTML untouched while it hydrates (and after, as long as it is the same).
  return <div className="inventory" part="inventory" {...{ [PAGED_ATTRIBUTE]: "" }} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The widget on any page but the site's paged inventory: the whole list, fetched once, filtered as the visitor chooses. */
function LiveInventory({
  apiBase: apiBaseAttr,
  brand,
  detailUrl,
  limit,
  syncUrl: syncUrlAttr,
  headingLevel: levelAttr,
  source,
  host,
  served,
}: InventoryProps & WidgetProps) {
  const level = headingLevel(levelAttr, 3);
  const apiBase = resolveApiBase(apiBaseAttr);
  const list = useVehicleList(apiBase);
  useWidgetEvents(host, TAG, source, list.status !== "loading");
  const [syncUrl] = useState(syncUrlAttr);
  // The server renders the page once for every query: the widget takes over its grid as served, then applies the query.
  const [choice, setChoice] = useState<FilterChoice>(() => (syncUrl && !served ? readQuery(location.search) : NO_FILTERS));
  useEffect(() => {
    if (!syncUrl) return;
    const onPop = () => setChoice(readQuery(location.search));
    if (served) onPop();
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, [syncUrl, served]);
  const searchRef = useRef<HTMLInputElement>(null);

  const maxCards = limit !== undefined && Number.isFinite(limit) && limit >= 1 ? Math.floor(limit) : undefined;
  const badLimit = limit !== undefined && maxCards === undefined;
  const error = list.status === "error" ? list.error : undefined;
  useReportedProblems(
    host,
    TAG,
    badLimit && `"limit" must be a positive number, got "${host.getAttribute("limit")}"`,
    error && `Error loading vehicles: ${error}${apiBaseHint(apiBaseAttr)}`,
  );

  useEffect(() => {
    if (!syncUrl) return;
    const next = writeQuery(location.href, choice);
    if (next !== location.href) history.replaceState(history.state, "", next);
  }, [syncUrl, choice]);

  const all = list.status === "success" ? list.data : NONE;
  const scoped = useMemo(() => (brand?.trim() ? filterVehicles(all, { brandContains: brand }) : all), [all, brand]);
  const categories = useMemo(() => categoryOptions(scoped), [scoped]);
  const matched = useMemo(
    () => filterVehicles(scoped, { search: choice.q, brand: choice.brand, category: choice.category, price: choice.price, sort: choice.sort }),
    [scoped, choice],
  );
  const shown = maxCards === undefined ? matched : matched.slice(0, maxCards);
  const rendered = useSlices(shown, served);
  // Until the last slice is in, the list still counts as loading: "Showing n of m" is only ever said of a whole grid.
  const loading = list.status === "loading" || rendered.length < shown.length;
  const template = detailUrl?.trim() || `${apiBase}/vehicles/{id}`;

  const clear = () => {
    setChoice({ ...NO_FILTERS, sort: choice.sort });
    searchRef.current?.focus();
  };

  const errorNotice = list.status === "error" && <LoadFailed message={LIST_FAILED} onRetry={() => void vehiclesStore.getState().loadList(apiBase)} />;

  if (host.childElementCount > 0 && list.status !== "success") {
    // The page prerendered the grid inside the element: keep it in view until the live list is in,
    // with its filter bar's place (the `filters` slot) while loading, and the error beside it if the list fails.
    return list.status === "loading" ? (
      <div className="inventory" part="inventory" aria-busy="true">
        <slot name="filters" />
        <slot />
      </div>
    ) : (
      <div className="inventory" part="inventory">
        {errorNotice}
        <slot />
      </div>
    );
  }

  let status: ReactNode;
  let body: ReactNode;
  if (list.status === "loading") {
    status = "Loading vehicles…";
    body = (
      <ul className="grid" part="grid" aria-hidden="true">
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <li key={i} className="card card--skeleton" data-testid="skeleton-card">
            <div className="media gc-skeleton" />
            <div className="body">
              <div className="gc-skeleton line line--short" />
              <div className="gc-skeleton line" />
              <div className="gc-skeleton line line--mid" />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (list.status === "error") {
    status = "";
    body = errorNotice;
  } else if (matched.length === 0) {
    status = (
      <>
        No vehicles match your current filters. <span className="count-sub">Showing 0 of {scoped.length} total vehicles</span>
      </>
    );
    body = (
      <div className="notice" part="empty">
        <Heading level={level} className="notice-title">
          No vehicles found
        </Heading>
        <p>Try adjusting your search criteria or filters.</p>
        <button type="button" className="gc-btn" onClick={clear}>
          Clear filters
        </button>
      </div>
    );
  } else {
    status = loading ? "Loading vehicles…" : `Showing ${shown.length} of ${scoped.length} vehicles`;
    body = (
      <>
        {/* A new grid for each choice of the selects: the cards that stay would otherwise slide to their new places, which
            counts as layout shift (a select's pop-up gives the page no input of its own to excuse it; CLS 0.315 at 4x CPU).
            Typing in the search box keeps the grid: keys are input, and the list follows each one. */}
        <ul key={`${choice.brand}|${choice.category}|${choice.price}|${choice.sort}`} className="grid" part="grid" aria-label={distinctLabel(host, "Vehicles")}>
          {rendered.map((v, i) => (
            <VehicleCard
              key={v.id}
              vehicle={v}
              apiBase={apiBase}
              href={withUtm(detailHref(template, v.id), apiBase, source)}
              eager={i < EAGER_IMAGES}
              level={level}
            />
          ))}
        </ul>
        {shown.length < matched.length && (
          <p className="all">
            <a className="gc-btn gc-btn--ghost" href={withUtm(inventoryHref(apiBase, brand), apiBase, source)} part="all-link">
              View all {matched.length} vehicles
            </a>
          </p>
        )}
      </>
    );
  }

  return (
    <div className="inventory" part="inventory" aria-busy={loading}>
      <FilterBar
        choice={choice}
        onChange={setChoice}
        showBrand={!brand?.trim()}
        categories={categories}
        searchRef={searchRef}
        label={distinctLabel(host, "Filter vehicles")}
      />
      <p className="count" part="count" role="status" aria-live="polite">
        {status}
      </p>
      {body}
    </div>
  );
}
