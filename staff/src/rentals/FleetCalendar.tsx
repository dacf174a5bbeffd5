import { RENTAL_PLANS, type RentalPlanId } from "../../../domain/rentals";
import type { Reservation } from "../api/rentals-api";
import { dayLabel, onDay } from "./calendar";

/**
 * The fleet, plan by plan and day by day: how many carts the reservations hold against the fleet. A day's count is a
 * button that lists that day's reservations below.
 */
export function FleetCalendar({
  days,
  reservations,
  fleet,
  chosen,
  onChoose,
}: {
  days: readonly string[];
  reservations: readonly Reservation[];
  fleet: Record<string, number> | null;
  chosen: { plan: string; day: string } | null;
  onChoose: (plan: RentalPlanId, day: string) => void;
}) {
  return (
    <div className="fleet-calendar" role="region" aria-label="Fleet calendar, scrolls sideways" tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">Plan</th>
            {days.map((day) => {
              const { weekday, date } = dayLabel(day);
              return (
                <th key={day} scope="col">
                  <span className="fleet-calendar__weekday">{weekday}</span> {date}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {RENTAL_PLANS.map((plan) => {
            const size = fleet?.[plan.id];
            return (
              <tr key={plan.id}>
                <th scope="row">
                  {plan.title}
                  {size !== undefined && <span className="muted"> · {size === 1 ? "1 cart" : `${size} carts`}</span>}
                </th>
                {days.map((day) => {
                  const held = onDay(reservations, plan.id, day);
                  const full = size !== undefined && held.length >= size;
                  const state = held.length === 0 ? "free" : full ? "full" : "some";
                  const pressed = chosen?.plan === plan.id && chosen.day === day;
                  return (
                    <td key={day} className={`fleet-calendar__cell fleet-calendar__cell--${state}`}>
                      <button
                        type="button"
                        aria-pressed={pressed}
                        aria-label={`${plan.title}, ${day}: ${held.length} of ${size ?? "?"} carts reserved`}
                        onClick={() => onChoose(plan.id, day)}
                      >
                        {held.length}
                        {size !== undefined && <span className="muted">/{size}</span>}
                      </button>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
