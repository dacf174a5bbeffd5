import { beforeEach, describe, expect, it, vi } from "vitest";
import { within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Vehicle } from "../../domain/vehicle";
import { slotTakenMessage } from "../../domain/test-drive";
import { CONTACT_FIELDS } from "../../domain/contact-fields";
import { PERSON_FIELDS } from "./TestDrive";
import { API, json, mountWidget, serveFetch } from "../testing/widget-test";
import { vehiclesStore } from "../shared/vehicles-store";
import "./index";

const CART: Vehicle = {
  id: "denago-ev-rover-xl6",
  name: "Denago EV Rover XL6",
  description: "A six-seater.",
  price: 14_995,
  brand: "DENAGO",
  category: "Rover",
  images: ["/images/vehicles/rover.svg"],
  inStock: true,
  isNew: true,
  features: [],
  specifications: { seatingCapacity: 6, range: "40 miles" },
  featured: false,
  condition: "new",
  status: "available",
};

const DAYS = ["2030-06-03", "2030-06-04"];
/** The dealership as the picker sees it: two open days of three slots; `booked` holds the slots taken. */
function serveDealer(
  booked: Set<string>,
  { race = false, refuse, mailQueued = false }: { race?: boolean; refuse?: () => Response | Promise<Response>; mailQueued?: boolean } = {},
) {
  const posts: Record<string, unknown>[] = [];
  const fetch = serveFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.pathname === `/api/vehicles/${CART.id}`) return json(200, CART);
    if (url.pathname === "/api/test-drives/slots") {
      expect(url.searchParams.get("vehicle")).toBe(CART.id);
      const date = url.searchParams.get("date") ?? DAYS[0]!;
      const slots = ["10:00", "11:00", "13:00"].map((time) => ({ slot: `${date}T${time}`, time, free: !booked.has(`${date}T${time}`) }));
      return json(200, { vehicle: CART.id, days: DAYS, date, slots });
    }
    if (url.pathname === "/api/contact" && init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posts.push(body);
      if (!body.firstName) {
        // As the server answers a body its schema refuses (domain/contact.ts): each field's message in words.
        return json(400, {
          error: "Please correct the highlighted fields.",
          fields: { firstName: "First name is required", email: "Invalid email address" },
        });
      }
      if (refuse) return refuse();
      if (race) {
        // Another visitor booked it a moment before: the server says so and names the next free time.
        booked.add(String(body.slot));
        const error = slotTakenMessage(`${DAYS[0]}T13:00`);
        return json(409, { error, fields: { slot: error }, nextSlot: `${DAYS[0]}T13:00` });
      }
      booked.add(String(body.slot));
      return json(201, { id: "lead-1", mailQueued });
    }
    return json(404, { error: "not found" });
  });
  return { fetch, posts };
}

beforeEach(() => vehiclesStore.setState({ pages: {}, details: {} }));

async function openPicker() {
  const mounted = await mountWidget(`<gc-vehicle-detail api-base="${API}" vehicle-id="${CART.id}"></gc-vehicle-detail>`, "gc-vehicle-detail", "h2", [
    "gc-action",
  ]);
  const user = userEvent.setup();
  const toggle = await mounted.ui.findByRole("button", { name: "Schedule Test Drive" });
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
  await user.click(toggle);
  expect(toggle.getAttribute("aria-expanded")).toBe("true");
  await mounted.ui.findByRole("radio", { name: "Mon, Jun 3" });
  return { ...mounted, user };
}

/** A field of the picker by its label, with or without the required marker (the trade-in form has fields of the same names). */
const field = (ui: Awaited<ReturnType<typeof openPicker>>["ui"], label: string) =>
  within(ui.getByRole("region", { name: "Book a test drive" })).getByLabelText(new RegExp(`^${label}( \\*)?$`));

async function fillPerson(ui: Awaited<ReturnType<typeof openPicker>>["ui"], user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(ui, "First Name"), "Dana");
  await user.type(field(ui, "Last Name"), "Reyes");
  await user.type(field(ui, "Email"), "dana@example.com");
  await user.type(field(ui, "Phone"), "302-555-0101");
}

describe("the test-drive picker of <gc-vehicle-detail>", { timeout: 20_000 }, () => {
  it("asks for the contact form's own name, e-mail and phone fields", () => {
    expect(PERSON_FIELDS).toEqual(CONTACT_FIELDS.filter((f) => ["firstName", "lastName", "email", "phone"].includes(f.name)));
  });

  it("offers the open days and each day's times, a booked one disabled and said to be unavailable", async () => {
    const { fetch } = serveDealer(new Set([`${DAYS[0]}T11:00`]));
    const { ui, user } = await openPicker();
    expect(ui.getAllByRole("radio", { name: /^(Mon|Tue), Jun \d$/ }).map((r) => r.getAttribute("value"))).toEqual(DAYS);
    expect((ui.getByRole("radio", { name: "Mon, Jun 3" }) as HTMLInputElement).checked).toBe(true);
    expect((ui.getByRole("radio", { name: "10 AM" }) as HTMLInputElement).disabled).toBe(false);
    expect((ui.getByRole("radio", { name: /^11 AM\s*,\s*not available$/ }) as HTMLInputElement).disabled).toBe(true);
    await user.click(ui.getByRole("radio", { name: "Tue, Jun 4" }));
    await ui.findByRole("radio", { name: "11 AM" });
    expect(fetch.mock.calls.some(([u]) => String(u).includes(`date=${DAYS[1]}`))).toBe(true);
  });

  it("asks for a time before sending, then shows the server's word for each field it refused, at that field", async () => {
    const { posts } = serveDealer(new Set());
    const { ui, user } = await openPicker();
    await user.click(ui.getByRole("button", { name: "Book test drive" }));
    expect(await ui.findByText("Pick a time for the test drive")).toBeTruthy();
    expect(posts).toEqual([]);
    await user.click(ui.getByRole("radio", { name: "10 AM" }));
    await user.click(ui.getByRole("button", { name: "Book test drive" }));
    expect(await ui.findByText("First name is required")).toBeTruthy();
    expect(field(ui, "Email").getAttribute("aria-invalid")).toBe("true");
    expect(field(ui, "Email").getAttribute("aria-describedby")).toBe("gc-cf-email-error");
    expect((await ui.findByRole("alert")).querySelector("p")?.textContent).toBe("Please correct the highlighted fields.");
    expect(posts).toHaveLength(1);
  });

  it("says the details were mailed only when the API answers that a confirmation was queued", async () => {
    serveDealer(new Set(), { mailQueued: true });
    const { ui, user } = await openPicker();
    await user.click(ui.getByRole("radio", { name: "11 AM" }));
    await fillPerson(ui, user);
    await user.click(ui.getByRole("button", { name: "Book test drive" }));
    const done = await ui.findByText(/Your test drive of the/);
    expect(done.textContent).toBe(
      "Your test drive of the Denago EV Rover XL6 is booked for Monday, June 3, 2030 at 11 AM. We have sent the details to dana@example.com.",
    );
  });

  it("books a time: a test-drive lead for the cart and slot, a confirmation naming cart, day and time, and gc-action test-drive", async () => {
    const { posts } = serveDealer(new Set());
    const { ui, user, events } = await openPicker();
    await user.click(ui.getByRole("radio", { name: "11 AM" }));
    await fillPerson(ui, user);
    await user.click(ui.getByRole("button", { name: "Book test drive" }));
    const done = await ui.findByText(/Your test drive of the/);
    expect(done.closest("[role=status]")).not.toBeNull();
    expect(done.textContent).toBe("Your test drive of the Denago EV Rover XL6 is booked for Monday, June 3, 2030 at 11 AM.");
    expect(ui.getByRole("heading", { name: "Test drive booked" })).toBeTruthy();
    expect(posts).toEqual([
      expect.objectContaining({ kind: "test-drive", vehicleId: CART.id, slot: `${DAYS[0]}T11:00`, firstName: "Dana", email: "dana@example.com", website: "" }),
    ]);
    expect(events).toEqual([
      { type: "gc-action", detail: { widget: "gc-vehicle-detail", action: "test-drive", source: null, href: `${API}/vehicle/${CART.id}` } },
    ]);
  });

  it("a time taken meanwhile: says so in words, greys it out, and picks the next free time", async () => {
    const { posts } = serveDealer(new Set(), { race: true });
    const { ui, user } = await openPicker();
    await user.click(ui.getByRole("radio", { name: "10 AM" }));
    await fillPerson(ui, user);
    await user.click(ui.getByRole("button", { name: "Book test drive" }));
    const alert = await ui.findByRole("alert");
    expect(alert.querySelector("p")?.textContent).toBe(slotTakenMessage(`${DAYS[0]}T13:00`));
    expect(alert.textContent).toContain("The next free time is Monday, June 3, 2030 at 1 PM");
    await expect.poll(() => (ui.getByRole("radio", { name: /^10 AM/ }) as HTMLInputElement).disabled).toBe(true);
    expect(ui.getByRole("radio", { name: /^10 AM\s*,\s*not available$/ })).toBeTruthy();
    expect((ui.getByRole("radio", { name: "1 PM" }) as HTMLInputElement).checked).toBe(true);
    expect(posts).toHaveLength(1);
  });

  it.each([
    [
      "a 429",
      () => json(429, { error: "Too many messages from this address. Please wait a minute, or call us." }),
      "many were sent from your connection just now",
    ],
    ["a 500", () => json(500, { error: "Internal server error" }), "something went wrong on our side"],
    ["no answer", () => Promise.reject(new TypeError("Failed to fetch")), "we could not be reached"],
    [
      "a refused origin",
      () => json(403, { error: "Origin http://localhost may not post leads", code: "origin-not-allowed" }),
      "This page cannot send your test drive booking",
    ],
  ])("%s: says in plain words that the booking was not sent, with the dealership's phone, and keeps what was typed", async (_case, refuse, words) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    serveDealer(new Set(), { refuse });
    const { ui, user } = await openPicker();
    await user.click(ui.getByRole("radio", { name: "10 AM" }));
    await fillPerson(ui, user);
    await user.click(ui.getByRole("button", { name: "Book test drive" }));
    const alert = await ui.findByRole("alert");
    expect(alert.textContent).toContain(words);
    expect(alert.textContent).not.toMatch(/Origin|Internal|HTTP/);
    expect(
      within(alert)
        .getByRole("link", { name: /^Call \(\d{3}\) \d{3}-\d{4}$/ })
        .getAttribute("href"),
    ).toMatch(/^tel:\+1\d{10}$/);
    expect((field(ui, "Last Name") as HTMLInputElement).value).toBe("Reyes");
  });
});
