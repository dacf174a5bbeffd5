import { useEffect, useId, useRef, useState } from "react";
import type { Vehicle } from "../../../domain/vehicle";
import { staffApi } from "../api/staff-api";
import { arrivalNotice } from "../components/arrival-notice";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { formatPrice } from "../format";
import { matchesSearch } from "../inventory-search";
import { BASE, Link, vehiclePath } from "../router";
import { STATUS_LABELS, VEHICLE_STATUSES, type VehicleStatus } from "../vehicle-form/form-values";
import { errorMessage } from "../error-message";
import { useLiveLoad } from "../use-live-load";
import { InventoryCsvTools } from "../inventory-csv/InventoryCsvTools";

type StaffVehicle = Vehicle;
const statusOf = (v: StaffVehicle): VehicleStatus => v.status;
const MARK_LABELS: Record<VehicleStatus, string> = { available: "Mark available", "on-hold": "Mark on hold", sold: "Mark sold" };

/** Every vehicle with its status, a search, and buttons to change a status (marking one sold, which takes it off the site, asks first). */
export function Inventory() {
  const [vehicles, setVehicles] = useState<StaffVehicle[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(() => {
    const arrived = arrivalNotice();
    return arrived ? { tone: "success", text: arrived } : null;
  });
  /** The vehicle waiting for "Mark sold" to be confirmed. */
  const [selling, setSelling] = useState<StaffVehicle | null>(null);
  const [query, setQuery] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const searchId = useId();
  const list = useRef<HTMLUListElement>(null);
  /** The vehicle whose status just changed: its pressed button is gone, so focus goes to the row's next one. */
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    list.current?.querySelector<HTMLElement>(`li[data-vehicle-id="${CSS.escape(refocus)}"] .vehicle-row__actions button`)?.focus();
    setRefocus(null);
  }, [refocus, vehicles]);

  useLiveLoad(
    () => staffApi.vehicles(),
    setVehicles,
    (err) => setFailure(errorMessage(err)),
    [],
  );

  const mark = async (vehicle: StaffVehicle, status: VehicleStatus) => {
    setBusy(vehicle.id);
    setNotice(null);
    try {
      // The newest version, so the change applies to what is stored now, not to this list's copy.
      const { vehicle: latest, etag } = await staffApi.vehicle(vehicle.id);
      const saved = await staffApi.editVehicle(latest.id, { changes: { status }, base: { status: latest.status } }, etag);
      setVehicles((list) => list?.map((v) => (v.id === saved.vehicle.id ? saved.vehicle : v)) ?? null);
      setNotice({ tone: "success", text: `${saved.vehicle.name} is now ${STATUS_LABELS[status].toLowerCase()}.` });
      setRefocus(saved.vehicle.id);
    } catch (err) {
      setNotice({ tone: "error", text: `${vehicle.name} was not changed: ${errorMessage(err)}` });
    } finally {
      setBusy(null);
    }
  };

  const shown = vehicles?.filter((v) => matchesSearch(v, query)) ?? [];
  return (
    <>
      <ScreenHeading title="Inventory" busy={!vehicles && !failure} />
      {failure && <Notice tone="error">Could not load the inventory: {failure}</Notice>}
      {vehicles && (
        <>
          <div className="toolbar">
            <div className="field field--search">
              <label htmlFor={searchId}>Search</label>
              <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} aria-describedby={`${searchId}-count`} />
            </div>
            <Link href={`${BASE}/vehicles/new`} className="btn btn--primary">
              Add a vehicle
            </Link>
          </div>
          <InventoryCsvTools vehicles={shown} />
          <p id={`${searchId}-count`} className="muted" aria-live="polite">
            {shown.length === vehicles.length ? `${vehicles.length} vehicles` : `${shown.length} of ${vehicles.length} vehicles`}
          </p>
          {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
          <ul className="vehicle-list" ref={list}>
            {shown.map((v) => (
              <li key={v.id} className="vehicle-row" data-vehicle-id={v.id}>
                <div className="vehicle-row__main">
                  <h2 className="vehicle-row__name">
                    <Link href={vehiclePath(v.id)}>{v.name}</Link>
                  </h2>
                  <p className="muted vehicle-row__meta">
                    {v.brand} · {v.category} · <span className="vehicle-row__id">{v.id}</span>
                  </p>
                </div>
                <p className="vehicle-row__price">{formatPrice(v.price)}</p>
                <p className={`status status--${statusOf(v)}`}>
                  <span className="visually-hidden">Status: </span>
                  {STATUS_LABELS[statusOf(v)]}
                </p>
                <div className="vehicle-row__actions">
                  {VEHICLE_STATUSES.filter((s) => s !== statusOf(v)).map((s) => (
                    <button
                      key={s}
                      type="button"
                      className="btn btn--small btn--secondary"
                      aria-label={`${MARK_LABELS[s]}: ${v.name}`}
                      disabled={busy === v.id}
                      onClick={() => (s === "sold" ? setSelling(v) : void mark(v, s))}
                    >
                      {MARK_LABELS[s]}
                    </button>
                  ))}
                </div>
              </li>
            ))}
          </ul>
          {shown.length === 0 && <p>No vehicle matches “{query}”.</p>}
          <ConfirmDialog
            open={selling !== null}
            title={`Mark ${selling?.name ?? ""} sold?`}
            confirmLabel="Mark sold"
            onConfirm={() => {
              if (selling) void mark(selling, "sold");
              setSelling(null);
            }}
            onCancel={() => setSelling(null)}
          >
            <p>A sold vehicle leaves the site's lists at once; its page says it was sold. You can mark it available again.</p>
          </ConfirmDialog>
        </>
      )}
    </>
  );
}
