import { createStore, type StoreApi } from "zustand/vanilla";
import type { FacetedPage } from "../../domain/inventory-facets";
import type { Vehicle } from "../../domain/vehicle";
import { answeredJson, http, statusOf } from "./http";
import { DATA_BLOCK_ATTRIBUTE, pageVehicles } from "./data-block";

/** Vehicle data stays fresh this long before a widget fetches it again (spec §7 "The calls it makes": how long fetched data counts as fresh). */
export const FRESH_MS = 5 * 60 * 1000;

export type Resource<T> =
  | { status: "loading" }
  | { status: "error"; error: string; /** The API answered that the vehicle does not exist (404) or is sold (410). */ notFound?: boolean }
  | { status: "success"; data: T; fetchedAt: number };

export interface VehiclesState {
  /** Pages of the vehicle list per request URL (`${apiBase}/api/vehicles?page=…`). */
  pages: Record<string, Resource<FacetedPage>>;
  /** Single vehicles per `${apiBase}|${id}`. */
  details: Record<string, Resource<Vehicle>>;
  loadPage(url: string): Promise<void>;
  loadVehicle(apiBase: string, id: string): Promise<void>;
}

/** Why a request got no answer: "the server took too long to answer" for ky's timeout, else the error's message. */
const failureReason = (err: unknown): string =>
  err instanceof Error && err.name === "TimeoutError" ? "the server took too long to answer" : err instanceof Error ? err.message : String(err);

const isFresh = (r: Resource<unknown> | undefined) => r?.status === "loading" || (r?.status === "success" && Date.now() - r.fetchedAt < FRESH_MS);

export { DATA_BLOCK_ATTRIBUTE };

/**
 * The vehicle data the page carries for its widgets (data-block.ts), fresh from now, for the page's own origin
 * (api-base ""). The site serves it beside the widget content it rendered, so that the widget's first render shows that
 * same content (docs/decisions/0010). A block is JSON, never run, so a strict Content-Security-Policy allows it.
 */
function pageData(): Pick<VehiclesState, "details"> {
  const details: VehiclesState["details"] = {};
  for (const data of pageVehicles()) details[`|${data.id}`] = { status: "success", data, fetchedAt: Date.now() };
  return { details };
}

function createVehiclesStore(): StoreApi<VehiclesState> {
  return createStore<VehiclesState>()((set, get) => ({
    pages: {},
    ...pageData(),
    async loadPage(url) {
      if (isFresh(get().pages[url])) return;
      const put = (r: Resource<FacetedPage>) => set((s) => ({ pages: { ...s.pages, [url]: r } }));
      put({ status: "loading" });
      try {
        const data = await http.get(url).json<FacetedPage>();
        if (!Array.isArray(data?.vehicles)) throw new Error("Failed to fetch vehicles: unexpected response");
        put({ status: "success", data, fetchedAt: Date.now() });
      } catch (err) {
        const status = statusOf(err);
        const error = status !== undefined ? `Failed to fetch vehicles: ${status}` : err instanceof Error ? err.message : String(err);
        put({ status: "error", error });
      }
    },
    async loadVehicle(apiBase, id) {
      const key = `${apiBase}|${id}`;
      if (isFresh(get().details[key])) return;
      const put = (r: Resource<Vehicle>) => set((s) => ({ details: { ...s.details, [key]: r } }));
      put({ status: "loading" });
      try {
        const data = await http
          .get(`${apiBase}/api/vehicles/${encodeURIComponent(id)}`, {
            // A 404 is an answer, not a glitch: don't retry it.
            retry: { limit: 3, methods: ["get"], statusCodes: [408, 429, 500, 502, 503, 504] },
          })
          .json<Vehicle>();
        put({ status: "success", data, fetchedAt: Date.now() });
      } catch (err) {
        // Only the API's "no such vehicle" (404) or "sold" (410) means the vehicle is gone; a timeout, a network failure
        // or a 5xx is a failed load that the visitor can retry.
        // (A 404 that is not JSON comes from a server that is not the API, e.g. a wrong api-base: a failed load too.)
        const status = statusOf(err);
        if ((status === 404 || status === 410) && answeredJson(err)) put({ status: "error", error: "Vehicle not found", notFound: true });
        else put({ status: "error", error: `Failed to load vehicle: ${status ?? failureReason(err)}`, notFound: false });
      }
    },
  }));
}

const GLOBAL_KEY = Symbol.for("gc-widgets.vehicles-store");
type WithStore = typeof globalThis & { [GLOBAL_KEY]?: StoreApi<VehiclesState> };

/**
 * The one vehicle store of the page, shared by every widget even when each
 * came in its own script (each bundle carries a copy of this module).
 */
export const vehiclesStore: StoreApi<VehiclesState> = ((globalThis as WithStore)[GLOBAL_KEY] ??= createVehiclesStore());
