import { useEffect, useSyncExternalStore } from "react";
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

/** The page's shared vehicle list for an API origin, fetched on first use. */
export function useVehicleList(apiBase: string): Resource<Vehicle[]> {
  const resource = useVehiclesState((s) => s.lists[apiBase]);
  useEffect(() => {
    void vehiclesStore.getState().loadList(apiBase);
  }, [apiBase]);
  return resource ?? LOADING;
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
