import { useEffect, useState } from "react";
import { VEHICLE_ID_PATTERN } from "../../domain/slug";
import { VEHICLE_ID_MAX_LENGTH } from "../../domain/contact";
import type { Vehicle } from "../../domain/vehicle";
import { pageVehicles } from "../shared/data-block";

/** What the form says of the cart a message is about: its id (sent as vehicleId), name, stock number, and whether it is sold. */
export interface Cart {
  id: string;
  name: string;
  stockNumber?: string;
  sold: boolean;
}

/** The cart a form is about: none, being fetched, or known. */
export type CartState = { status: "none"; problem?: string } | { status: "loading" } | { status: "known"; cart: Cart };

/** How long to wait for the cart before showing the plain form, as the lead's own send waits. */
const TIMEOUT_MS = 15_000;

const cartOf = (v: Pick<Vehicle, "id" | "name" | "stockNumber" | "status">): Cart => ({
  id: v.id,
  name: v.name,
  ...(v.stockNumber ? { stockNumber: v.stockNumber } : {}),
  sold: v.status === "sold",
});

/** Whether `id` can name a catalogue vehicle at all, as POST /api/contact checks it. */
export const isVehicleId = (id: string): boolean => id.length <= VEHICLE_ID_MAX_LENGTH && VEHICLE_ID_PATTERN.test(id);

/**
 * The cart the form starts with: the one the server rendered the form for (`served`, on the server) or the page carries
 * in a data block (in the browser, on the dealership's own origin), so the first render in the browser shows what the
 * server rendered; else it is to be fetched (or there is none).
 */
function initialCart(apiBase: string, id: string | undefined, served: Vehicle | undefined): CartState {
  if (!id) return { status: "none" };
  if (!isVehicleId(id)) return { status: "none", problem: `"vehicle-id" must be the id of a vehicle, like denago-ev-rover-xl6, got "${id}"` };
  if (served?.id === id) return { status: "known", cart: cartOf(served) };
  const onPage = apiBase === "" ? pageVehicles().find((v) => v.id === id) : undefined;
  return onPage ? { status: "known", cart: cartOf(onPage) } : { status: "loading" };
}

/**
 * GET /api/vehicles/:id with plain fetch (this script carries no other HTTP client: decision 0033's budget), once, with
 * a timeout. A sold cart (410), an unknown one (404) or a failed call leaves the form plain, with the reason for the
 * page's developer.
 */
async function fetchCart(apiBase: string, id: string): Promise<CartState> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(`${apiBase}/api/vehicles/${encodeURIComponent(id)}`, { headers: { accept: "application/json" }, signal: abort.signal });
    if (res.status === 404 || res.status === 410) {
      return { status: "none", problem: `"vehicle-id" ${id}: ${res.status === 410 ? "that cart has been sold" : "no such cart"}; the form is sent without it` };
    }
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const v = (await res.json()) as Vehicle;
    if (v?.id !== id || typeof v.name !== "string") throw new Error("not a vehicle");
    return { status: "known", cart: cartOf(v) };
  } catch (err) {
    return { status: "none", problem: `could not load the cart "${id}" (${err instanceof Error ? err.message : String(err)}); the form is sent without it` };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The cart `vehicleId` names, for the form to show and send: known at once on the dealership's pages, fetched
 * on a partner's. `clear()` forgets it: the visitor's message is not about that cart.
 */
export function useCart(apiBase: string, vehicleId: string | undefined, served: Vehicle | undefined): [CartState, () => void] {
  const id = vehicleId?.trim() || undefined;
  const [state, setState] = useState<{ key: string; cart: CartState }>(() => ({ key: `${apiBase}|${id}`, cart: initialCart(apiBase, id, served) }));
  const key = `${apiBase}|${id}`;
  // A new vehicle-id or api-base starts again (until its answer or a clear() is kept under its key).
  const current = state.key === key ? state.cart : initialCart(apiBase, id, served);
  useEffect(() => {
    if (current.status !== "loading" || !id) return;
    let live = true;
    void fetchCart(apiBase, id).then((cart) => live && setState({ key, cart }));
    return () => {
      live = false;
    };
  }, [current.status, apiBase, id, key]);
  return [current, () => setState({ key, cart: { status: "none" } })];
}
