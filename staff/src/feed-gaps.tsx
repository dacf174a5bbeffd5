import type { FeedGap } from "../../domain/inventory-list";
import { Link, vehiclePath } from "./router";

/**
 * The listed carts the listing feeds (Google Merchant, local inventory, Meta) leave out, each with why: staff see
 * which units need a photo before Google and Meta show them. The server counts them over every cart the account sees
 * and names the first 50 (domain/inventory-list.ts, feedGaps).
 */
export function FeedGaps({ gaps: { count, first } }: { gaps: { count: number; first: readonly FeedGap[] } }) {
  if (!count) return null;
  return (
    <details className="feed-gaps">
      <summary>{count === 1 ? "1 listed cart is" : `${count.toLocaleString("en-US")} listed carts are`} not in the listing feeds (Google, Meta)</summary>
      <ul>
        {first.map((v) => (
          <li key={v.id}>
            <Link href={vehiclePath(v.id)}>{v.name}</Link>
            {v.stockNumber ? ` (${v.stockNumber})` : ""}: {v.why}
          </li>
        ))}
      </ul>
      {count > first.length && <p className="muted">And {(count - first.length).toLocaleString("en-US")} more.</p>}
    </details>
  );
}
