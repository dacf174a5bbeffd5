import { feedOmission } from "../../domain/feed-listing";
import { isListed, type Vehicle } from "../../domain/vehicle";
import { Link, vehiclePath } from "./router";

/** The console lists this many carts missing from the feeds, then says how many more. */
const LISTED_AT_MOST = 50;

/**
 * The listed carts the listing feeds (Google Merchant, local inventory, Meta) leave out, each with why: staff see
 * which units need a photo before Google and Meta show them.
 */
export function FeedGaps({ vehicles }: { vehicles: readonly Vehicle[] }) {
  const missing = vehicles.flatMap((v) => {
    const why = isListed(v) ? feedOmission(v) : undefined;
    return why ? [{ v, why }] : [];
  });
  if (!missing.length) return null;
  const count = missing.length.toLocaleString("en-US");
  return (
    <details className="feed-gaps">
      <summary>{missing.length === 1 ? "1 listed cart is" : `${count} listed carts are`} not in the listing feeds (Google, Meta)</summary>
      <ul>
        {missing.slice(0, LISTED_AT_MOST).map(({ v, why }) => (
          <li key={v.id}>
            <Link href={vehiclePath(v.id)}>{v.name}</Link>
            {v.stockNumber ? ` (${v.stockNumber})` : ""}: {why}
          </li>
        ))}
      </ul>
      {missing.length > LISTED_AT_MOST && <p className="muted">And {(missing.length - LISTED_AT_MOST).toLocaleString("en-US")} more.</p>}
    </details>
  );
}
