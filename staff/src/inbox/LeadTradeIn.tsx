import { conditionLabel, usageLabel } from "../../../domain/trade-in";
import type { Lead } from "../../../domain/lead";
import "./trade-in.css";

/**
 * A trade-in lead's cart offered in trade: its facts, and its photos as thumbnails linking to the full
 * photo. The photos are served only to a signed-in account of the lead's site (GET
 * /api/staff/leads/:id/trade-in-photos/:n), stripped of their metadata; the visitor's text is shown as text.
 */
export function LeadTradeIn({ lead }: { lead: Lead }) {
  const t = lead.tradeIn;
  if (!t) return null;
  const name = `${t.year} ${t.make} ${t.model}`;
  return (
    <section className="lead-trade-in" aria-label={`Trade-in: ${name}`} data-lead-trade-in="">
      <p className="lead-trade-in__title">
        <strong>Trade-in:</strong> {name}
      </p>
      <dl className="lead-trade-in__facts">
        <div>
          <dt>Condition</dt>
          <dd>{conditionLabel(t.condition)}</dd>
        </div>
        <div>
          <dt>{t.usageUnit === "miles" ? "Odometer" : "Hour meter"}</dt>
          <dd>{usageLabel(t)}</dd>
        </div>
        <div>
          <dt>Photos</dt>
          <dd>{t.photos.length || "None sent"}</dd>
        </div>
      </dl>
      {t.photos.length ? (
        <ul className="lead-trade-in__photos">
          {t.photos.map((p, i) => {
            const src = `/api/staff/leads/${encodeURIComponent(lead.id)}/trade-in-photos/${i + 1}`;
            return (
              <li key={p.key}>
                <a href={src} target="_blank" rel="noopener">
                  <img src={src} width={p.width} height={p.height} loading="lazy" alt={`Trade-in photo ${i + 1} of ${t.photos.length}: ${name}`} />
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
