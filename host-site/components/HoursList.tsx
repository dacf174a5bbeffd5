import { hoursSummary } from "../../domain/opening-hours";
import { useSite } from "../lib/site-facts";

/** The site's opening hours, folded into lines ("Mon-Sat 9 AM-5 PM"). */
export function HoursList({ className = "hours" }: { className?: string }) {
  return (
    <dl className={className}>
      {hoursSummary(useSite().hours).map((line) => (
        <div key={line.days} className="hours__line">
          <dt>{line.days}</dt>
          <dd>{line.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
