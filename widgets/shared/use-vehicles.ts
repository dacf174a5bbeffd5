import { useEffect, useSyncExternalStore } from "react";
import type { FacetedPage } from "../../domain/inventory-facets";
import type { Vehicle } from "../../domain/vehicle";
import { vehiclesStore, type Resource, type VehiclesState } from "./vehicles-store";

/**
 * A slice of the shared store. zustand's own `useStore` does `import React
 * from "react"`, whose default export keeps all of preact/compat in the
 * bundle (about 2.5 kB gzip per script); the named hook does not.
 */
function useVehiclesState<T>(select: (s: VehiclesState) => T): T {
  const get = () => select(vehiclesStore.getState());
  // The same snapshot on the server, which renders the page's widgets from the data it puts in the store.
  return useSyncExternalStore(vehiclesStore.subscribe, get, get);
}

const LOADING = { status: "loading" } as const;

/** Pages of the vehicle list at `urls` (one request each, shared by every widget of the page), fetched on first use. */
export function useVehiclePages(urls: readonly string[]): Resource<FacetedPage>[] {
  const pages = useVehiclesState((s) => s.pages);
  const key = urls.join(" ");
  useEffect(() => {
    for (const url of urls) void vehiclesStore.getState().loadPage(url);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the urls are the key
  }, [key]);
  return urls.map((url) => pages[url] ?? LOADING);
}

/** One vehicle by id (any slug form the API resolves). Nothing is fetched without an id. */
export function useVehicle(apiBase: string, id: string | undefined): Resource<Vehicle> | undefined {
  const key = `${apiBase}|${id}`;
  const resource = useVehiclesState((s) => s.details[key]);
  useEffect(() => {
    if (id) void vehiclesStore.getState().loadVehicle(apiBase, id);
  }, [apiBase, id]);
  return id ? (resource ?? LOADING) : undefined;
}
