import { useEffect, useRef, useState, type ReactNode } from "react";
import type { FacetedPage, InventoryFacets } from "../../domain/inventory-facets";
import { BRAND_OPTIONS } from "../../domain/inventory-filter";
import { MAX_PAGE_SIZE } from "../../domain/inventory-page-size";
import { formatNumber } from "../../domain/number-format";
import type { Vehicle } from "../../domain/vehicle";
import { LoadFailed } from "../shared/LoadFailed";
import { dealerUrl, resolveApiBase, apiBaseHint } from "../shared/api-base";
import type { WidgetProps } from "../shared/define-widget";
import { useReportedProblems } from "../shared/report";
import { Heading, distinctLabel, headingLevel } from "../shared/headings";
import { useWidgetEvents, withUtm } from "../shared/analytics";
import { useVehiclePages } from "../shared/use-vehicles";
import { vehiclesStore } from "../shared/vehicles-store";
import { FilterBar } from "./FilterBar";
import { useSlices } from "./use-slices";
import { NO_FILTERS, pageUrl, readQuery, writeQuery, type FilterChoice } from "./filter-query";
import { VehicleCard } from "./VehicleCard";
import { CompareBar, useCompareLimit } from "./ComparePicks";
import { COMPARE_MAX } from "../../domain/compare-path";
import { PAGED_ATTRIBUTE, servedPageHtml } from "./served-page";

const TAG = "gc-inventory";
/** What visitors read when the list cannot be loaded (the reason itself is for the developer: gc-error and the console). */
export const LIST_FAILED = "Our vehicles could not be loaded just now. Please try again, or call us.";
/** Skeleton cards while the list loads (spec §4 "Inventory": six placeholder cards while loading). */
export const SKELETON_COUNT = 6;
const NONE: Vehicle[] = [];
const NONE_OPTIONS: InventoryFacets["categories"] = [];
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
  const root = useRef<HTMLDivElement>(null);
  useCompareLimit(root);
  // preact leaves markup given as inner HTML untouched while it hydrates (and after, as long as it is the same).
  return <div ref={root} className="inventory" part="inventory" {...{ [PAGED_ATTRIBUTE]: "" }} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** How long the search waits after a key before it asks the API: one request per pause in typing, not one per key. */
export const SEARCH_DELAY_MS = 300;

/** The API's brand for the `brand` attribute's contains-match: the one brand it names, "" for several, else a slug that matches none. */
function brandParam(text: string | undefined): string {
  const t = text?.trim().toLowerCase();
  if (!t) return "";
  const named = BRAND_OPTIONS.filter((o) => o.value.includes(t));
  return named.length > 1 ? "" : (named[0]?.value ?? (t.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "none"));
}

/** The results of a choice so far: the pages in, one after the other. */
interface Results {
  vehicles: Vehicle[];
  total: number;
  pageCount: number;
  facets: InventoryFacets;
}

/**
 * The widget on any page but the site's paged inventory: it asks the API for one page of the visitor's choice at a
 * time (`GET /api/vehicles?page=…`, with the filters' options over the whole catalogue) and shows more on request.
 */
function LiveInventory({
  apiBase: apiBaseAttr,
  brand,
  detailUrl,
  limit,
  syncUrl: syncUrlAttr,
  headingLevel: levelAttr,
  source,
  host,
}: InventoryProps & WidgetProps) {
  const level = headingLevel(levelAttr, 3);
  const apiBase = resolveApiBase(apiBaseAttr);
  const [syncUrl] = useState(syncUrlAttr);
  const [choice, setChoice] = useState<FilterChoice>(() => (syncUrl ? readQuery(location.search) : NO_FILTERS));
  useEffect(() => {
    if (!syncUrl) return;
    const onPop = () => setChoice(readQuery(location.search));
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, [syncUrl]);
  const [q, setQ] = useState(choice.q);
  useEffect(() => {
    const timer = setTimeout(() => setQ(choice.q), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [choice.q]);
  const searchRef = useRef<HTMLInputElement>(null);
  /** The carts picked for the comparison, in the order picked: they stay picked through new filters and pages. */
  const [picked, setPicked] = useState<string[]>([]);

  const maxCards = limit !== undefined && Number.isFinite(limit) && limit >= 1 ? Math.floor(limit) : undefined;
  const badLimit = limit !== undefined && maxCards === undefined;
  // With a limit, one page of that size (no more than the API hands out) and a link to the rest; without, pages of the API's size.
  const pageSize = maxCards && Math.min(maxCards, MAX_PAGE_SIZE);
  const asked = { ...choice, q };
  const fixedBrand = brandParam(brand);
  const first = pageUrl(apiBase, asked, fixedBrand, 1, pageSize);
  // How many pages of this choice the visitor asked to see: a new choice starts again from its first.
  const [more, setMore] = useState({ first, count: 1 });
  const count = more.first === first ? more.count : 1;
  const urls = Array.from({ length: count }, (_, i) => (i ? pageUrl(apiBase, asked, fixedBrand, i + 1, pageSize) : first));
  const pages = useVehiclePages(urls);
  const head = pages[0]!;
  const failed = pages.find((p) => p.status === "error");
  const inHand: FacetedPage[] = [];
  for (const p of pages) {
    if (p.status !== "success") break;
    inHand.push(p.data);
  }
  const current: Results | undefined = inHand[0] && { ...inHand[0], vehicles: inHand.flatMap((p) => p.vehicles) };
  // While a new choice loads, the last results stay in view (busy), rather than a grid of skeletons at every key.
  const last = useRef(current);
  if (current) last.current = current;
  const results = head.status === "error" ? undefined : (current ?? last.current);
  // The selects' choice the results in view answer: the grid is new for each (below), once its results are in.
  const selects = `${choice.brand}|${choice.category}|${choice.price}|${choice.sort}`;
  const shownSelects = useRef(selects);
  if (current) shownSelects.current = selects;
  useWidgetEvents(host, TAG, source, head.status !== "loading");

  const error = failed?.status === "error" ? failed.error : undefined;
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

  const shown = results?.vehicles ?? NONE;
  const rendered = useSlices(shown);
  // Until the last slice is in, the list still counts as loading: "Showing n of m" is only ever said of a whole grid.
  const loading = !current || rendered.length < shown.length;
  const template = detailUrl?.trim() || `${apiBase}/vehicles/{id}`;
  const grid = useRef<HTMLUListElement>(null);
  // After "Show more", the keyboard moves on to the first card added: the button the visitor pressed is now below them.
  const focusFrom = useRef<number>(undefined);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === undefined || rendered.length <= from) return;
    focusFrom.current = undefined;
    grid.current?.children[from]?.querySelector("a")?.focus();
  }, [rendered.length]);

  const clear = () => {
    setChoice({ ...NO_FILTERS, sort: choice.sort });
    searchRef.current?.focus();
  };
  const retry = () => void vehiclesStore.getState().loadPage(urls[pages.indexOf(failed!)]!);
  const errorNotice = failed && <LoadFailed message={LIST_FAILED} onRetry={retry} />;

  if (host.childElementCount > 0 && !results) {
    // The page prerendered the grid inside the element: keep it in view until the live list is in,
    // with its filter bar's place (the `filters` slot) while loading, and the error beside it if the list fails.
    return head.status === "loading" ? (
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

  const facets = results?.facets;
  // The whole catalogue the widget shows (its brand's, with a `brand` attribute), as the facets count it.
  const catalogueSize = facets?.brands.reduce((n, b) => n + (!fixedBrand || b.value === fixedBrand ? b.count : 0), 0) ?? 0;
  let status: ReactNode;
  let body: ReactNode;
  if (!results && head.status !== "error") {
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
  } else if (!results) {
    status = "";
    body = errorNotice;
  } else if (results.total === 0) {
    status = (
      <>
        No vehicles match your current filters. <span className="count-sub">Showing 0 of {formatNumber(catalogueSize)} total vehicles</span>
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
    status = loading ? "Loading vehicles…" : `Showing ${formatNumber(shown.length)} of ${formatNumber(results.total)} vehicles`;
    const canShowMore = !pageSize && count < results.pageCount;
    body = (
      <>
        {/* A new grid for each choice of the selects, made when its results arrive (the last results stay in view until
            then): the cards that stay would otherwise slide to their new places, which counts as layout shift (a select's
            pop-up gives the page no input of its own to excuse it; CLS 0.45 at 4x CPU). Typing in the search box keeps
            the grid: keys are input, and the list follows each one. */}
        <ul ref={grid} key={shownSelects.current} className="grid" part="grid" aria-label={distinctLabel(host, "Vehicles")}>
          {rendered.map((v, i) => (
            <VehicleCard
              key={v.id}
              vehicle={v}
              apiBase={apiBase}
              href={withUtm(detailHref(template, v.id), apiBase, source)}
              eager={i < EAGER_IMAGES}
              level={level}
              pick={{
                checked: picked.includes(v.id),
                disabled: picked.length >= COMPARE_MAX && !picked.includes(v.id),
                onChange: (on) => setPicked((p) => (on ? [...p.filter((id) => id !== v.id), v.id].slice(0, COMPARE_MAX) : p.filter((id) => id !== v.id))),
              }}
            />
          ))}
        </ul>
        <CompareBar picked={picked} apiBase={apiBase} source={source} onClear={() => setPicked([])} />
        {failed && current ? errorNotice : null}
        {!failed && canShowMore && (
          <p className="all">
            <button
              type="button"
              className="gc-btn gc-btn--ghost"
              part="more"
              disabled={inHand.length < count}
              onClick={() => {
                focusFrom.current = shown.length;
                setMore({ first, count: count + 1 });
              }}
            >
              Show more vehicles
            </button>
          </p>
        )}
        {pageSize && results.total > shown.length && (
          <p className="all">
            <a className="gc-btn gc-btn--ghost" href={withUtm(inventoryHref(apiBase, brand), apiBase, source)} part="all-link">
              View all {formatNumber(results.total)} vehicles
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
        categories={facets?.categories ?? NONE_OPTIONS}
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
