import { LEAD_KIND_LABELS, leadKind } from "../../../domain/contact";
import { vehicleLabel } from "../../../domain/lead";
import type { InboxLead } from "../../../domain/lead-follow-up";
import { formatSlot } from "../../../domain/test-drive";
import { BASE, Link } from "../router";

/**
 * What a lead is (quote, test drive, trade-in) and the cart it is about, beside the lead in the inbox: the
 * cart as it was listed when the lead came in (name, stock number), links to its page and to its console entry, whether
 * it is sold now, and a test drive's slot. Nothing for a plain message about no cart.
 */
export function LeadCart({ lead, onFilter }: { lead: InboxLead; onFilter?: (vehicleId: string) => void }) {
  const kind = leadKind(lead);
  const v = lead.vehicle;
  const status = lead.cartNow;
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
