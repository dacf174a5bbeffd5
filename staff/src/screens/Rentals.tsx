import { useId, useRef, useState } from "react";
import type { Site } from "../../../domain/site";
import { formatUsd } from "../../../domain/money";
import { planTitle } from "../../../domain/rental-booking";
import type { RentalPlanId } from "../../../domain/rentals";
import { rentalsApi, type Reservation, type RentalSettings } from "../api/rentals-api";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { SiteNote } from "../components/SiteNote";
import { errorMessage } from "../error-message";
import { useLiveLoad } from "../use-live-load";
import { addDays } from "../../../domain/local-time";
import { CALENDAR_DAYS, daysFrom, holdsOn, whenText } from "../rentals/calendar";
import { FleetCalendar } from "../rentals/FleetCalendar";
import { FleetSettings } from "../rentals/FleetSettings";
import { ReservationDetail, renterName } from "../rentals/ReservationDetail";
import "../rentals/rentals.css";

/** A reservation in a list: reference, plan, dates, renter, total and source, opening its details. */
function ReservationRow({ r, onOpen, current }: { r: Reservation; onOpen: (r: Reservation) => void; current: boolean }) {
  return (
    <li className="card-row rental-row">
      <div>
        <p className="card-row__title">
          {r.reference} · {planTitle(r.plan)} <span className={`rental-status rental-status--${r.status}`}>{r.status}</span>
        </p>
        <p className="muted">
          {whenText(r.start)} to {whenText(r.end)} · {renterName(r)} · {formatUsd(r.quote.total)}
          {r.source ? ` · from ${r.source}` : ""}
        </p>
      </div>
      <button type="button" className="btn btn--small btn--secondary" aria-current={current || undefined} onClick={() => onOpen(r)}>
        Open {r.reference}
      </button>
    </li>
  );
}

/**
 * The rental desk: the requests to decide, the fleet's calendar for the coming weeks with every
 * reservation on it, one reservation's details and actions, and (owners) the fleet sizes and turnaround.
 */
export function Rentals({ owner, site, switchable }: { owner: boolean; site: Site; switchable: boolean }) {
  const id = useId();
  // The first day shown: "" for the site's today, which the API answers (the site's days, not this computer's).
  const [first, setFirst] = useState("");
  const [calendar, setCalendar] = useState<{ day: string; reservations: Reservation[] } | null>(null);
  const days = calendar ? daysFrom(calendar.day, CALENDAR_DAYS) : [];
  const reservations = calendar?.reservations ?? null;
  const [requests, setRequests] = useState<Reservation[] | null>(null);
  const [settings, setSettings] = useState<{ settings: RentalSettings; etag: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [chosenDay, setChosenDay] = useState<{ plan: RentalPlanId; day: string } | null>(null);
  const [open, setOpen] = useState<Reservation | null>(null);
  const [version, setVersion] = useState(0);
  const detail = useRef<HTMLDivElement>(null);

  const failed = (err: unknown) => setFailure(errorMessage(err));
  useLiveLoad(() => rentalsApi.calendar(site.id, first, CALENDAR_DAYS), setCalendar, failed, [site.id, first, version]);
  useLiveLoad(() => rentalsApi.reservations(site.id, "", "", "requested"), setRequests, failed, [site.id, version]);
  useLiveLoad(() => rentalsApi.settings(site.id), setSettings, failed, [site.id]);

  const openOne = (r: Reservation) => {
    setOpen(r);
    // The details follow the lists: take the reader there (on a phone they are far below).
    requestAnimationFrame(() => detail.current?.querySelector("h2")?.focus());
  };
  const changed = (r: Reservation) => {
    setOpen(r);
    setVersion((v) => v + 1);
  };
  const move = (by: number) => {
    if (!calendar) return;
    setFirst(addDays(calendar.day, by));
    setChosenDay(null);
  };
  const dayList = chosenDay && reservations ? reservations.filter((r) => r.plan === chosenDay.plan && holdsOn(r, chosenDay.day)) : null;

  return (
    <>
      <ScreenHeading title="Rentals" busy={(!reservations || !requests) && !failure} />
      <SiteNote site={site} switchable={switchable}>
        The rental desk and fleet of
      </SiteNote>
      <p>Rental requests from the site's booking and partners' pages. Every decision is mailed to the renter and kept in the reservation's history.</p>
      {failure && <Notice tone="error">Could not load the rental desk: {failure}</Notice>}
      <section className="panel" aria-labelledby={`${id}-requests`}>
        <h2 id={`${id}-requests`}>Requests to decide{requests ? ` (${requests.length})` : ""}</h2>
        {requests && requests.length === 0 && <p className="muted">No request waits for a decision.</p>}
        {requests && requests.length > 0 && (
          <ul className="card-list">
            {requests.map((r) => (
              <ReservationRow key={r.id} r={r} onOpen={openOne} current={open?.id === r.id} />
            ))}
          </ul>
        )}
      </section>
      <section className="panel" aria-labelledby={`${id}-calendar`}>
        <h2 id={`${id}-calendar`}>Fleet calendar</h2>
        <div className="toolbar">
          <button type="button" className="btn btn--small btn--secondary" onClick={() => move(-7)}>
            Previous week
          </button>
          <p className="muted">
            {calendar && `${whenText(`${days[0]}T00:00`).replace(/, 12:00 AM$/, "")} to ${whenText(`${days.at(-1)}T00:00`).replace(/, 12:00 AM$/, "")}`}
          </p>
          <button type="button" className="btn btn--small btn--secondary" onClick={() => move(7)}>
            Next week
          </button>
        </div>
        {reservations && (
          <FleetCalendar
            days={days}
            reservations={reservations}
            fleet={settings?.settings.fleet ?? null}
            chosen={chosenDay}
            onChoose={(plan, day) => setChosenDay(chosenDay?.plan === plan && chosenDay.day === day ? null : { plan, day })}
          />
        )}
        {dayList && chosenDay && (
          <>
            <h3>
              {planTitle(chosenDay.plan)} on {whenText(`${chosenDay.day}T00:00`).replace(/, 12:00 AM$/, "")}
            </h3>
            {dayList.length === 0 ? (
              <p className="muted">No reservation holds a cart that day.</p>
            ) : (
              <ul className="card-list">
                {dayList.map((r) => (
                  <ReservationRow key={r.id} r={r} onOpen={openOne} current={open?.id === r.id} />
                ))}
              </ul>
            )}
          </>
        )}
        {reservations && !chosenDay && (
          <details className="rental-all">
            <summary>Every reservation in these weeks ({reservations.length})</summary>
            <ul className="card-list">
              {reservations.map((r) => (
                <ReservationRow key={r.id} r={r} onOpen={openOne} current={open?.id === r.id} />
              ))}
            </ul>
          </details>
        )}
      </section>
      <div ref={detail}>{open && <ReservationDetail key={open.id} reservation={open} onChanged={changed} />}</div>
      {settings && (
        // Not keyed by its ETag: a save keeps the form (its fields hold what was saved) and its notice in view.
        <FleetSettings site={site} settings={settings.settings} etag={settings.etag} owner={owner} onSaved={(s, etag) => setSettings({ settings: s, etag })} />
      )}
    </>
  );
}
