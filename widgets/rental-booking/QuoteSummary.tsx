import { telHref } from "../../domain/business";
import { formatUsd } from "../../domain/money";
import { depositText, planTitle, type RentalQuote } from "../../domain/rental-booking";
import type { SitePhone } from "../../domain/site";
import { Heading } from "../shared/headings";

/** What is known of the plan's carts for the chosen dates. */
export type FreeCarts = { state: "idle" } | { state: "checking" } | { state: "known"; free: number; fleet: number } | { state: "failed" };

/** "1 × Weekly + 1 × Daily": the tiers the price is made of. */
const tiersText = (quote: RentalQuote): string => quote.tiers.map((t) => `${t.count} × ${t.title}`).join(" + ");

/**
 * The price of the rental as the core quotes it (its lines, the total and the deposit apart), the carts free for those
 * dates, or, while the rental cannot be priced, the reasons in words.
 */
export function QuoteSummary({
  quote,
  problems,
  free,
  phone,
  level,
}: {
  quote: RentalQuote | null;
  problems: readonly string[];
  free: FreeCarts;
  phone: SitePhone | undefined;
  level: number;
}) {
  return (
    <section className="quote" part="quote" aria-labelledby="gc-rb-quote" aria-live="polite">
      <Heading level={level} depth={1} id="gc-rb-quote" className="quote-title">
        Your price
      </Heading>
      {!quote ? (
        problems.length ? (
          <ul className="quote-problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">Choose when the rental starts and ends to see the price.</p>
        )
      ) : (
        <>
          <p className="muted">
            {quote.periods} × 24 hours: {tiersText(quote)}
          </p>
          <table className="lines">
            <tbody>
              {quote.lines.map((line) => (
                <tr key={line.label}>
                  <th scope="row">{line.label}</th>
                  <td>{formatUsd(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td part="total">{formatUsd(quote.total)}</td>
              </tr>
            </tfoot>
          </table>
          <p className="deposit">{depositText(quote.deposit)}</p>
          <FreeLine free={free} plan={planTitle(quote.plan)} phone={phone} />
        </>
      )}
    </section>
  );
}

function FreeLine({ free, plan, phone }: { free: FreeCarts; plan: string; phone: SitePhone | undefined }) {
  if (free.state === "checking") return <p className="free muted">Checking which carts are free…</p>;
  if (free.state === "failed") return <p className="free muted">We could not check which carts are free; we will confirm it with you.</p>;
  if (free.state !== "known") return null;
  if (free.free > 0)
    return (
      <p className="free free--yes" part="availability">
        {free.free} of {free.fleet} {plan} carts free for those dates.
      </p>
    );
  return (
    <p className="free free--no" part="availability">
      No {plan} is free for those dates. Try other dates or another plan
      {phone ? (
        <>
          , or call <a href={telHref(phone)}>{phone.display}</a>
        </>
      ) : null}
      .
    </p>
  );
}
