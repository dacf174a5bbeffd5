import { useEffect } from "react";
import { useStore } from "zustand";
import type { Vehicle } from "../../domain/vehicle";
import { vehiclesStore, type Resource } from "./vehicles-store";

const LOADING = { status: "loading" } as const;

/** The page's shared vehicle list for an API origin, fetched on first use. */
export function useVehicleList(apiBase: string): Resource<Vehicle[]> {
  const resource = useStore(vehiclesStore, (s) => s.lists[apiBase]);
  useEffect(() => {
    void vehiclesStore.getState().loadList(apiBase);
  }, [apiBase]);
  return resource ?? LOADING;
}

/** One vehicle by id (any slug form the API resolves). Nothing is fetched without an id. */
export function useVehicle(apiBase: string, id: string | undefined): Resource<Vehicle> | undefined {
  const key = `${apiBase}|${id}`;
  const resource = useStore(vehiclesStore, (s) => s.details[key]);
  useEffect(() => {
    if (id) void vehiclesStore.getState().loadVehicle(apiBase, id);
  }, [apiBase, id]);
  return id ? (resource ?? LOADING) : undefined;
}
