import { useState } from "react";
import { LEAD_KIND_LABELS, leadKind } from "../../../domain/contact";
import { vehicleLabel, type Lead } from "../../../domain/lead";
import { formatSlot } from "../../../domain/test-drive";
import type { VehicleStatus } from "../../../domain/vehicle";
import { staffApi } from "../api/staff-api";
import { BASE, Link } from "../router";
import { useLiveLoad } from "../use-live-load";

/** The cart's status now, per id, read once per console visit: a lead list shows many leads about few carts. */
const statuses = new Map<string, Promise<VehicleStatus | "removed" | "unknown">>();
const statusOf = (id: string) => {
  let s = statuses.get(id);
  if (!s) {
    s = staffApi.vehicle(id).then(
      ({ vehicle }) => vehicle.status,
      (err: unknown) => ((err as { status?: number })?.status === 404 ? "removed" : "unknown"),
    );
    statuses.set(id, s);
  }
  return s;
};

/**
 * What a lead is (quote, test drive, trade-in) and the cart it is about, beside the lead in the inbox (issue 30): the
 * cart as it was listed when the lead came in (name, stock number), links to its page and to its console entry, whether
 * it is sold now, and a test drive's slot. Nothing for a plain message about no cart.
 */
export function LeadCart({ lead, onFilter }: { lead: Lead; onFilter?: (vehicleId: string) => void }) {
  const kind = leadKind(lead);
  const v = lead.vehicle;
  const [status, setStatus] = useState<VehicleStatus | "removed" | "unknown" | null>(null);
  useLiveLoad(
    () => (v ? statusOf(v.id) : Promise.resolve(null)),
    setStatus,
    () => setStatus("unknown"),
    [v],
  );
  if (kind === "message" && !v) return null;
  return (
    <div className="lead__cart" data-lead-cart="">
      <p className="lead__kind">{LEAD_KIND_LABELS[kind]}</p>
      {lead.slot ? (
        <p className="lead__slot">
          <strong>Test drive:</strong> <time dateTime={lead.slot}>{formatSlot(lead.slot)}</time>
        </p>
      ) : null}
      {v ? (
        <p className="lead__vehicle">
          <span className="lead__vehicle-name">About: {vehicleLabel(v)}</span>
          {status === "sold" ? <span className="lead-status lead-status--sold"> Sold since</span> : null}
          {status === "removed" ? <span className="lead-status lead-status--sold"> No longer in the inventory</span> : null}{" "}
          <a href={`/vehicle/${encodeURIComponent(v.id)}`} target="_blank" rel="noopener">
            Its page<span className="visually-hidden"> (opens in a new tab)</span>
          </a>{" "}
          · <Link href={`${BASE}/vehicles/${encodeURIComponent(v.id)}`}>In the console</Link>
          {onFilter ? (
            <>
              {" "}
              ·{" "}
              <button type="button" className="link-button" onClick={() => onFilter(v.id)}>
                Leads about this cart
              </button>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
