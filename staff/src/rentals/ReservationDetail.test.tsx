import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Reservation } from "../api/rentals-api";
import { ReservationDetail } from "./ReservationDetail";

/** A confirmed reservation a week ahead, as the desk's API answers it. */
const reservation = {
  id: "r1",
  reference: "R-7K3M9Q",
  site: "sussex-coast",
  plan: "4-seater",
  start: "2031-06-12T10:00",
  end: "2031-06-14T10:00",
  startsAt: "2031-06-12T14:00:00.000Z",
  endsAt: "2031-06-14T14:00:00.000Z",
  timeZone: "America/New_York",
  status: "confirmed",
  quote: {
    plan: "4-seater",
    start: "2031-06-12T10:00",
    end: "2031-06-14T10:00",
    periods: 2,
    tiers: [],
    rentalPrice: 1055,
    deliveryFee: 0,
    rushFee: 0,
    driversFee: 0,
    deposit: 250,
    lines: [{ label: "2 days", amount: 1055 }],
    total: 1055,
  },
  renter: { firstName: "Dana", lastName: "Beach", email: "dana@example.com", phone: "302-555-0100" },
  delivery: { kind: "pickup" },
  drivers: 0,
  source: null,
  origin: "https://www.dealer.example",
  createdAt: "2031-06-01T10:00:00.000Z",
  history: [],
  version: 1,
} as unknown as Reservation;

// jsdom has <dialog> but not its modal methods: open and close it as the browser would.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

describe("cancelling a reservation at the desk", () => {
  it("asks with two buttons that cannot be mistaken: cancel the reservation, or keep it", () => {
    render(<ReservationDetail reservation={reservation} onChanged={() => undefined} />);
    fireEvent.click(screen.getByRole("button", { name: "Cancel reservation…" }));
    const dialog = screen.getByRole("dialog", { hidden: true });
    const buttons = within(dialog)
      .getAllByRole("button", { hidden: true })
      .map((b) => b.textContent);
    expect(buttons).toEqual(["Cancel the reservation", "Keep the reservation"]);
  });
});
