import { describe, expect, it, vi } from "vitest";
import { fireEvent, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formatUsd } from "../../domain/money";
import { depositText, quoteRental, type RentalQuote } from "../../domain/rental-booking";
import { API, json, mountWidget, serveFetch, type ShadowQueries } from "../testing/widget-test";
import "./index";

const TOWNS = [
  { slug: "lewes", name: "Lewes", miles: 14 },
  { slug: "rehoboth-beach", name: "Rehoboth Beach", miles: 18 },
];
const OPTIONS = { timeZone: "America/New_York", towns: TOWNS };
/** A week next June: always in the future. */
const YEAR = new Date().getFullYear() + 1;
const START = `${YEAR}-06-12T10:00`;
const END = `${YEAR}-06-19T10:00`;
const ctx = () => ({ now: new Date(), towns: TOWNS, timeZone: OPTIONS.timeZone });
const quoteFor = (plan: RentalQuote["plan"], start = START, end = END): RentalQuote => {
  const q = quoteRental({ plan, start, end, delivery: { kind: "pickup" }, drivers: 0 }, ctx());
  if (!q.ok) throw new Error(JSON.stringify(q.errors));
  return q.quote;
};

interface Served {
  posts: Record<string, unknown>[];
  asked: URL[];
}

/** The API as the widget calls it: options, availability (`free` of 4 carts), and `post` for the reservation. */
function serve(
  post: (body: Record<string, unknown>) => Response = () => json(201, { reference: "R-7K3M9Q", status: "requested", quote: quoteFor("6-seater") }),
  free = 3,
): Served {
  const served: Served = { posts: [], asked: [] };
  serveFetch((url: string, init: RequestInit = {}) => {
    const u = new URL(url);
    served.asked.push(u);
    if (u.pathname === "/api/rentals/options") return json(200, OPTIONS);
    if (u.pathname === "/api/rentals/availability") return json(200, { plan: u.searchParams.get("plan"), fleet: 4, free, quote: quoteFor("6-seater") });
    if (u.pathname === "/api/rentals/reservations" && init.method === "POST") {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      served.posts.push(body);
      return post(body);
    }
    return json(404, { error: "Not found" });
  });
  return served;
}

async function mount(attrs = 'plan="6-seater"') {
  const m = await mountWidget(`<gc-rental-booking api-base="${API}" ${attrs}></gc-rental-booking>`, "gc-rental-booking", "form", [
    "gc-error",
    "gc-rental-requested",
  ]);
  return m;
}

const field = (ui: ShadowQueries, label: RegExp) => ui.getByLabelText(label) as HTMLInputElement;
/** Pick the dates as a datetime-local input takes them. */
const pickDates = (ui: ShadowQueries, start = START, end = END) => {
  fireEvent.input(field(ui, /^Starts/), { target: { value: start } });
  fireEvent.input(field(ui, /^Ends/), { target: { value: end } });
};
const fillRenter = async (ui: ShadowQueries) => {
  const user = userEvent.setup();
  await user.type(field(ui, /^First name/), "Jane");
  await user.type(field(ui, /^Last name/), "Shore");
  await user.type(field(ui, /^Email/), "jane@example.com");
  await user.type(field(ui, /^Phone/), "302-555-0142");
  await user.click(field(ui, /18 or older/));
  await user.click(field(ui, /I accept the/));
  return user;
};
const send = (ui: ShadowQueries) => fireEvent.click(ui.getByRole("button", { name: "Request this rental" }));

describe("<gc-rental-booking>", () => {
  it("starts on the plan its attribute names, with every field labelled and no price before the dates", async () => {
    serve();
    const { ui } = await mount();
    expect((field(ui, /^Cart/) as unknown as HTMLSelectElement).value).toBe("6-seater");
    for (const label of [/^Starts/, /^Ends/, /Pick up at our shop/, /Deliver to my rental/, /^Additional drivers/, /^First name/, /^Email/, /^Phone/]) {
      expect(field(ui, label)).toBeTruthy();
    }
    expect(ui.getByText("Choose when the rental starts and ends to see the price.")).toBeTruthy();
    expect(ui.getByRole("link", { name: "rental agreement" }).getAttribute("href")).toMatch(/^http:\/\/dealer\.test\/policies\/rental-policy/);
  });

  it("offers the server's day as the earliest start, and the site's day now once the picker is focused on a page left open", async () => {
    serveFetch((url: string) =>
      new URL(url).pathname === "/api/rentals/options" ? json(200, { ...OPTIONS, today: "2000-01-01" }) : json(404, { error: "Not found" }),
    );
    // Another dealer: the options are asked once per API origin and page, and this one's day is stale.
    const { ui } = await mountWidget(`<gc-rental-booking api-base="http://stale.test"></gc-rental-booking>`, "gc-rental-booking", "form", []);
    const start = field(ui, /^Starts/);
    await waitFor(() => expect(start.min).toBe("2000-01-01T00:00"));
    fireEvent.focus(start);
    const siteToday = new Intl.DateTimeFormat("en-CA", { timeZone: OPTIONS.timeZone }).format(new Date());
    await waitFor(() => expect(start.min).toBe(`${siteToday}T00:00`));
  });

  it("prices the dates at once with the core's quote, and says how many carts are free", async () => {
    const served = serve();
    const { ui } = await mount();
    pickDates(ui);
    const quote = quoteFor("6-seater");
    await waitFor(() => expect(ui.getByText(formatUsd(quote.total), { selector: "[part=total]" })).toBeTruthy());
    for (const line of quote.lines) expect(ui.getByText(line.label)).toBeTruthy();
    // The policy's terms, in the core's words: the deposit by card at delivery, refunded in 3-5 business days, nothing online.
    expect(depositText(quote.deposit)).toMatch(/taken by card at delivery and refunded within 3-5 business days.*Nothing is paid online/);
    expect(ui.getByText(depositText(quote.deposit))).toBeTruthy();
    await waitFor(() => expect(ui.getByText("3 of 4 6 Seater carts free for those dates.")).toBeTruthy());
    const ask = served.asked.find((u) => u.pathname === "/api/rentals/availability")!;
    expect(Object.fromEntries(ask.searchParams)).toMatchObject({ plan: "6-seater", start: START, end: END, drivers: "0" });
  });

  it("refuses in words a rental under 24 hours, with the core's own message", async () => {
    serve();
    const { ui } = await mount();
    const end = `${YEAR}-06-12T20:00`;
    pickDates(ui, START, end);
    const refused = quoteRental({ plan: "6-seater", start: START, end, delivery: { kind: "pickup" }, drivers: 0 }, ctx());
    expect(refused.ok).toBe(false);
    const words = Object.values(refused.ok ? {} : refused.errors)[0]!;
    await waitFor(() => expect(ui.getAllByText(words).length).toBeGreaterThan(0));
    expect(ui.queryByText("Total")).toBeNull();
  });

  it("offers the site's towns for a delivery", async () => {
    serve();
    const { ui } = await mount();
    fireEvent.click(field(ui, /Deliver to my rental/));
    await waitFor(() =>
      expect([...(field(ui, /^Town/) as unknown as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(["Choose a town", "Lewes", "Rehoboth Beach"]),
    );
    expect(field(ui, /^Street address/)).toBeTruthy();
  });

  it("names each missing field at the field and sends nothing", async () => {
    const served = serve();
    const { ui } = await mount();
    send(ui);
    await waitFor(() => expect(ui.getAllByText(/required|Choose|Confirm|Accept|Invalid|at least/i).length).toBeGreaterThan(3));
    expect(field(ui, /^First name/).getAttribute("aria-invalid")).toBe("true");
    expect(served.posts).toHaveLength(0);
  });

  it("sends the request with the partner's source and shows the reference", async () => {
    const served = serve();
    const { ui, events } = await mount('plan="6-seater" source="bethany-resort"');
    pickDates(ui);
    await fillRenter(ui);
    send(ui);
    await waitFor(() => expect(ui.getByText("Request sent: R-7K3M9Q")).toBeTruthy());
    expect(served.posts[0]).toMatchObject({
      plan: "6-seater",
      start: START,
      end: END,
      delivery: { kind: "pickup" },
      drivers: 0,
      firstName: "Jane",
      email: "jane@example.com",
      adult: true,
      agreement: true,
      source: "bethany-resort",
    });
    expect(events).toContainEqual({
      type: "gc-rental-requested",
      detail: expect.objectContaining({ reference: "R-7K3M9Q", plan: "6-seater", source: "bethany-resort" }),
    });
  });

  it.each([
    [
      true,
      "We have sent the details to jane@example.com and will confirm your 6 Seater by e-mail, usually within a few business hours. Nothing has been charged.Please open the link in that e-mail to confirm your address: we hold the cart for you for 48 hours until you do.",
    ],
    [
      false,
      "We will contact you to confirm your 6 Seater, usually within a few business hours. Nothing has been charged.We hold the cart for you for 48 hours while we get in touch.",
    ],
  ])("promises a mail only when the API says one was queued (mailQueued %s)", async (mailQueued, words) => {
    serve(() => json(201, { reference: "R-7K3M9Q", status: "requested", quote: quoteFor("6-seater"), mailQueued }));
    const { ui } = await mount();
    pickDates(ui);
    await fillRenter(ui);
    send(ui);
    const done = await ui.findByRole("status", { name: /Rental request sent/ });
    expect(done.textContent).toContain(words);
    expect(done.textContent!.includes("We have sent")).toBe(mailQueued);
  });

  it("says a 409 in words at the dates and keeps everything typed", async () => {
    const taken = "No 6 Seater is free for those dates. Choose other dates or call us.";
    serve(() => json(409, { error: taken }));
    const { ui } = await mount();
    pickDates(ui);
    await fillRenter(ui);
    send(ui);
    await waitFor(() => expect(ui.getAllByText(taken).length).toBe(2));
    expect(field(ui, /^Starts/).getAttribute("aria-invalid")).toBe("true");
    expect(field(ui, /^First name/).value).toBe("Jane");
    expect(field(ui, /^Starts/).value).toBe(START);
    expect(ui.getByRole("link", { name: /^Call / })).toBeTruthy();
  });

  it("puts a 400's messages at their fields", async () => {
    serve(() =>
      json(400, { error: "Check the fields marked", fields: { email: "That address cannot receive mail", "delivery.town": "Choose one of our towns" } }),
    );
    const { ui } = await mount();
    pickDates(ui);
    await fillRenter(ui);
    send(ui);
    await waitFor(() => expect(ui.getByText("That address cannot receive mail")).toBeTruthy());
    expect(field(ui, /^Email/).getAttribute("aria-invalid")).toBe("true");
    expect(field(ui, /^Email/).value).toBe("jane@example.com");
  });

  it.each([
    [
      "a refused origin",
      () => json(403, { error: "Origin http://127.0.0.1:4305 may not post leads", code: "origin-not-allowed" }),
      "This page cannot send your rental request to us.",
    ],
    [
      "a 429",
      () => json(429, { error: "Too many messages from this address. Please wait a minute, or call us." }),
      "many were sent from your connection just now",
    ],
    ["a 500", () => json(500, { error: "Internal server error" }), "something went wrong on our side"],
    ["a 503", () => json(503, { error: "The server is restarting: try again in a few seconds", status: "draining" }), "something went wrong on our side"],
    [
      "no answer",
      () => {
        throw new TypeError("Failed to fetch");
      },
      "we could not be reached",
    ],
  ])("%s: plain words with the dealership's phone, never the server's text, and everything typed kept", async (_case, answer, words) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    serve(answer);
    const { ui, events } = await mount();
    pickDates(ui);
    await fillRenter(ui);
    send(ui);
    const alert = await ui.findByRole("alert");
    expect(alert.textContent).toContain(words);
    expect(alert.textContent).not.toMatch(/Origin|127\.0\.0\.1|Internal|restarting|HTTP/);
    expect(
      within(alert)
        .getByRole("link", { name: /^Call / })
        .getAttribute("href"),
    ).toMatch(/^tel:/);
    expect(field(ui, /^First name/).value).toBe("Jane");
    await waitFor(() => expect(events.map((e) => e.type)).toEqual(["gc-error"]));
  });

  it("warns about an unknown plan and starts on the first", async () => {
    serve();
    const { ui, events } = await mount('plan="limo"');
    expect((field(ui, /^Cart/) as unknown as HTMLSelectElement).value).toBe("4-seater");
    await waitFor(() =>
      expect(events).toContainEqual({ type: "gc-error", detail: expect.objectContaining({ message: expect.stringContaining('unknown plan "limo"') }) }),
    );
  });
});
