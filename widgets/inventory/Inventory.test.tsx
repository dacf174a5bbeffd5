import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { inventoryFacets } from "../../domain/inventory-facets";
import { inventoryPage, parseInventoryQuery } from "../../domain/inventory-query";
import type { Vehicle } from "../../domain/vehicle";
import { testVehicle } from "../../domain/testing/test-vehicle";
import { API, UTM, json, mountWidget, never, serveFetch } from "../testing/widget-test";
import { vehiclesStore } from "../shared/vehicles-store";
import { readQuery, writeQuery } from "./filter-query";
import { LIST_FAILED } from "./Inventory";
import "./index";

const vehicle = (id: string, over: Partial<Vehicle> = {}): Vehicle =>
  testVehicle(id, { name: id.toUpperCase(), description: `The ${id} cart.`, images: [`/images/vehicles/${id}.svg`], isNew: false, ...over });

const FLEET: Vehicle[] = [
  vehicle("evolution-d5-ranger-4", { price: 9_595, isNew: true }),
  vehicle("denago-ev-rover-xl", { brand: "Denago", category: "EV Rover", price: 16_000, description: "Lifted and ready for trails." }),
  vehicle("evolution-d5-maverick-6", { category: "D5 Maverick", price: 27_500, images: [], specifications: { seatingCapacity: 6, range: 45 } }),
];

/**
 * A fake API: GET /api/vehicles?page=… answers the page of `body` (a fleet) the query asks for, with the facets, as the
 * API cuts it (domain/inventory-query.ts); any other body is answered as it is with `status`; `pending` never answers.
 */
const serve = (body: unknown, status = 200, pending = false) =>
  serveFetch((req: Request) => {
    if (pending) return never();
    const url = new URL(req.url);
    // One page, never the whole list.
    expect(`${url.origin}${url.pathname}`).toBe(`${API}/api/vehicles`);
    expect(url.searchParams.get("page")).toMatch(/^[1-9]\d*$/);
    if (status !== 200 || !Array.isArray(body)) return json(status, body);
    const parsed = parseInventoryQuery(url.searchParams);
    if ("error" in parsed) return json(400, parsed);
    return json(200, { ...inventoryPage(body as Vehicle[], parsed.query), facets: inventoryFacets(body as Vehicle[], parsed.query.brand) });
  });
/** The query of each request the widget made, in order. */
const asked = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.map(([req]) => new URL((req as Request).url).search);

/** Mounts the element as a partner would, and queries inside its shadow root. */
async function mount(attrs = "") {
  const mounted = await mountWidget(`<gc-inventory api-base="${API}" ${attrs}></gc-inventory>`, "gc-inventory", ".inventory");
  ui = mounted.ui;
  return { host: mounted.host, events: mounted.events };
}

let ui: ReturnType<typeof within>;
/** Waits until the polite live region reads `text`. */
const statusSays = (text: string) => vi.waitFor(() => expect(ui.getByRole("status").textContent).toContain(text));
const cards = () => within(ui.getByRole("list", { name: "Vehicles" })).getAllByRole("listitem");
const cardNames = () => cards().map((c) => within(c).getByRole("link").textContent);

beforeEach(() => {
  vehiclesStore.setState({ pages: {}, details: {} });
  history.replaceState(null, "", "/");
});

describe("<gc-inventory> states", () => {
  it("shows 6 skeleton cards while loading", async () => {
    serve(null, 200, true);
    await mount();
    expect(ui.getAllByTestId("skeleton-card")).toHaveLength(6);
    expect(ui.getByRole("status").textContent).toContain("Loading vehicles…");
  });

  it("says in plain words that the list could not be loaded, and tells the host page the reason", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    serve({ error: "nope" }, 404);
    const { events } = await mount();
    const alert = await ui.findByRole("alert");
    expect(alert.textContent).toContain(LIST_FAILED);
    expect(alert.textContent).not.toContain("404");
    await vi.waitFor(() =>
      expect(events.map((e) => e.detail)).toEqual([{ widget: "gc-inventory", message: "Error loading vehicles: Failed to fetch vehicles: 404" }]),
    );
    expect(warn).toHaveBeenCalledWith("[gc-inventory] Error loading vehicles: Failed to fetch vehicles: 404");
    // Try again refetches.
    serve(FLEET);
    await userEvent.click(ui.getByRole("button", { name: "Try again" }));
    expect(await ui.findByText("Showing 3 of 3 vehicles")).toBeTruthy();
  });

  it("asks the API for the first page only, and shows the next on request, moving the keyboard to the first card added", async () => {
    const lot = Array.from({ length: 30 }, (_, i) => vehicle(`cart-${i + 1}`));
    const fetch = serve(lot);
    const { host } = await mount();
    await statusSays("Showing 24 of 30 vehicles");
    expect(asked(fetch)).toEqual(["?page=1"]);
    expect(cards()).toHaveLength(24);
    await userEvent.click(ui.getByRole("button", { name: "Show more vehicles" }));
    await statusSays("Showing 30 of 30 vehicles");
    expect(asked(fetch)).toEqual(["?page=1", "?page=2"]);
    expect(cardNames()).toEqual(lot.map((v) => v.name));
    await vi.waitFor(() => expect(host.shadowRoot!.activeElement).toBe(ui.getByRole("link", { name: "CART-25" })));
    expect(ui.queryByRole("button", { name: "Show more vehicles" })).toBeNull();
  });

  it("offers every category of the catalogue from the page's facets, and asks with each choice", async () => {
    const fetch = serve(FLEET);
    await mount(`limit="1"`);
    await statusSays("Showing 1 of 3 vehicles");
    const options = within(ui.getByRole("combobox", { name: "Category" })).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["All", "Maverick", "Ranger", "Rover"]);
    await userEvent.selectOptions(ui.getByRole("combobox", { name: "Category" }), "rover");
    await vi.waitFor(() => expect(cardNames()).toEqual(["DENAGO-EV-ROVER-XL"]));
    expect(asked(fetch)).toEqual(["?page=1&pageSize=1", "?page=1&pageSize=1&category=rover"]);
  });

  it("names api-base in the reason when none was given and the script has no origin to take (the npm package's bundled copy)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    serveFetch(() => json(404, { error: "Not found" }));
    const { events } = await mountWidget(`<gc-inventory></gc-inventory>`, "gc-inventory", ".inventory");
    const hint = ` (no "api-base" given, so ${location.origin} was asked)`;
    await vi.waitFor(() => expect(events).toHaveLength(1));
    const { message } = events[0]!.detail as { message: string };
    expect(message.startsWith("Error loading vehicles: ") && message.endsWith(hint)).toBe(true);
    expect(warn).toHaveBeenCalledWith(`[gc-inventory] ${message}`);
  });

  it("shows the page's own content inside the element while loading, and keeps it beside the error when the list fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    let answer!: () => void;
    const fetch = serveFetch(() => new Promise<Response>((resolve) => (answer = () => resolve(json(404, { error: "nope" })))));
    const { root } = await mountWidget(`<gc-inventory api-base="${API}"><p>Our carts</p></gc-inventory>`, "gc-inventory", ".inventory");
    expect(root.querySelector(".inventory[aria-busy=true] > slot:not([name])")).toBeTruthy();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    answer();
    await vi.waitFor(() => expect(root.querySelector('[role="alert"]')?.textContent).toContain(LIST_FAILED));
    expect(root.querySelector(".inventory > slot:not([name])")).toBeTruthy();
  });

  it("builds a long grid over several tasks, and says how many it shows only once all are in", async () => {
    const lot = Array.from({ length: 20 }, (_, i) => vehicle(`cart-${i + 1}`));
    // The list arrives only once the observer below watches, however slowly the machine ran the mount.
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const answer = serve(lot);
    serveFetch(async (req: Request) => {
      await arrived;
      return answer(req);
    });
    const { host } = await mount();
    // Every state the shadow root passes through: what the live region said, and how many cards were built.
    const seen: [string, number][] = [];
    const root = host.shadowRoot!;
    new MutationObserver(() =>
      seen.push([root.querySelector('[role="status"]')?.textContent ?? "", root.querySelectorAll("li.card:not(.card--skeleton)").length]),
    ).observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    arrive();
    await statusSays("Showing 20 of 20 vehicles");
    expect(cardNames()).toEqual(lot.map((v) => v.name));
    // Built in more than one step, and never announced half-built.
    expect(new Set(seen.map(([, built]) => built)).size).toBeGreaterThan(2);
    for (const [said, built] of seen) if (said.includes("Showing")) expect(built).toBe(20);
  });

  it("lists every vehicle as a card with image, name, brand, price, seats, range and link", async () => {
    serve(FLEET);
    await mount();
    await statusSays("Showing 3 of 3 vehicles");
    expect(cards()).toHaveLength(3);
    const [first, , third] = cards();
    const link = within(first!).getByRole("link", { name: "EVOLUTION-D5-RANGER-4" });
    expect(link.getAttribute("href")).toBe(`${API}/vehicles/evolution-d5-ranger-4?${UTM}`);
    const img = first!.querySelector("img")!;
    expect(img.getAttribute("src")).toBe(`${API}/images/vehicles/evolution-d5-ranger-4.svg`);
    // The first row's images load at once; later ones when scrolled near (tests/e2e/widgets-inventory.spec.ts counts the downloads).
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("width")).toBe("800");
    expect(img.getAttribute("height")).toBe("500");
    expect(first!.textContent).toContain("$9,595");
    expect(first!.textContent).toContain("Evolution");
    expect(first!.textContent).toContain("Seats4");
    expect(first!.textContent).toContain("Range40 miles");
    expect(within(first!).getByText("NEW").getAttribute("part")).toBe("badge");
    // No images: the placeholder, and a numeric range reads in miles.
    expect(third!.querySelector("img")).toBeNull();
    expect(third!.textContent).toContain("Photo coming soon");
    expect(third!.textContent).toContain("Range45 miles");
    expect(third!.textContent).toContain("In Stock");
  });

  it("falls back to the placeholder when an image fails", async () => {
    serve(FLEET);
    await mount();
    await ui.findByText("Showing 3 of 3 vehicles");
    const img = cards()[0]!.querySelector("img")!;
    img.dispatchEvent(new Event("error"));
    await vi.waitFor(() => expect(cards()[0]!.textContent).toContain("Photo coming soon"));
  });
});

describe("<gc-inventory> filters", () => {
  it("labels every control and applies search, brand, category and price live", async () => {
    const fetch = serve(FLEET);
    await mount();
    await ui.findByText("Showing 3 of 3 vehicles");
    const user = userEvent.setup();

    await user.type(ui.getByRole("searchbox", { name: "Search" }), "trails");
    await vi.waitFor(() => expect(cardNames()).toEqual(["DENAGO-EV-ROVER-XL"]));
    await statusSays("Showing 1 of 1 vehicles");
    // One request once typing pauses, not one per key.
    expect(asked(fetch)).toEqual(["?page=1", "?page=1&q=trails"]);
    fireEvent.input(ui.getByRole("searchbox", { name: "Search" }), { target: { value: "" } });

    await user.selectOptions(ui.getByRole("combobox", { name: "Brand" }), "evolution");
    await vi.waitFor(() => expect(cardNames()).toEqual(["EVOLUTION-D5-RANGER-4", "EVOLUTION-D5-MAVERICK-6"]));
    await user.selectOptions(ui.getByRole("combobox", { name: "Category" }), "maverick");
    await vi.waitFor(() => expect(cardNames()).toEqual(["EVOLUTION-D5-MAVERICK-6"]));
    await user.selectOptions(ui.getByRole("combobox", { name: "Category" }), "");
    await user.selectOptions(ui.getByRole("combobox", { name: "Price" }), "under-15000");
    await vi.waitFor(() => expect(cardNames()).toEqual(["EVOLUTION-D5-RANGER-4"]));
    expect(asked(fetch).at(-1)).toBe("?page=1&brand=evolution&price=under-15000");
  });

  it("sorts by price both ways and back to featured order", async () => {
    serve(FLEET);
    await mount();
    await ui.findByText("Showing 3 of 3 vehicles");
    const sort = ui.getByRole("combobox", { name: "Sort by" });
    await userEvent.selectOptions(sort, "price-desc");
    await vi.waitFor(() => expect(cardNames()).toEqual(["EVOLUTION-D5-MAVERICK-6", "DENAGO-EV-ROVER-XL", "EVOLUTION-D5-RANGER-4"]));
    await userEvent.selectOptions(sort, "price-asc");
    await vi.waitFor(() => expect(cardNames()).toEqual(["EVOLUTION-D5-RANGER-4", "DENAGO-EV-ROVER-XL", "EVOLUTION-D5-MAVERICK-6"]));
    await userEvent.selectOptions(sort, "featured");
    await vi.waitFor(() => expect(cardNames()).toEqual(["EVOLUTION-D5-RANGER-4", "DENAGO-EV-ROVER-XL", "EVOLUTION-D5-MAVERICK-6"]));
  });

  it("shows the empty state and clears the filters", async () => {
    serve(FLEET);
    const { host } = await mount();
    await ui.findByText("Showing 3 of 3 vehicles");
    const search = ui.getByRole("searchbox", { name: "Search" });
    await userEvent.type(search, "hovercraft");
    await userEvent.selectOptions(ui.getByRole("combobox", { name: "Sort by" }), "price-asc");
    const status = ui.getByRole("status");
    await statusSays("No vehicles match your current filters.");
    expect(status.textContent).toContain("Showing 0 of 3 total vehicles");
    expect(ui.getByRole("heading", { name: "No vehicles found" })).toBeTruthy();
    expect(ui.getByText("Try adjusting your search criteria or filters.")).toBeTruthy();
    await userEvent.click(ui.getByRole("button", { name: "Clear filters" }));
    expect((search as HTMLInputElement).value).toBe("");
    expect(host.shadowRoot!.activeElement).toBe(search);
    // The sort is an order, not a filter: it stays.
    await vi.waitFor(() => expect(cardNames()).toEqual(["EVOLUTION-D5-RANGER-4", "DENAGO-EV-ROVER-XL", "EVOLUTION-D5-MAVERICK-6"]));
  });

  it("shows the empty state when the catalogue is empty", async () => {
    serve([]);
    await mount();
    expect(await ui.findByRole("heading", { name: "No vehicles found" })).toBeTruthy();
    expect(ui.getByRole("status").textContent).toContain("Showing 0 of 0 total vehicles");
  });
});

describe("<gc-inventory> attributes", () => {
  it("brand pre-filters with a contains-match and hides the brand select", async () => {
    serve(FLEET);
    await mount(`brand="DENA"`);
    await statusSays("Showing 1 of 1 vehicles");
    expect(cardNames()).toEqual(["DENAGO-EV-ROVER-XL"]);
    expect(ui.queryByRole("combobox", { name: "Brand" })).toBeNull();
  });

  it("detail-url is a template for the card links", async () => {
    serve(FLEET);
    await mount(`detail-url="/carts/{id}?from=partner"`);
    await ui.findByText("Showing 3 of 3 vehicles");
    expect(within(cards()[0]!).getByRole("link").getAttribute("href")).toBe("/carts/evolution-d5-ranger-4?from=partner");
  });

  it("limit caps the cards and links to the full inventory", async () => {
    serve(FLEET);
    await mount(`limit="2"`);
    await statusSays("Showing 2 of 3 vehicles");
    expect(cards()).toHaveLength(2);
    expect(ui.getByRole("link", { name: "View all 3 vehicles" }).getAttribute("href")).toBe(`${API}/inventory?${UTM}`);
  });

  it("links a brand page's capped grid to the inventory filtered to that brand", async () => {
    serve([...FLEET, vehicle("denago-ev-city", { brand: "Denago" })]);
    await mount(`brand="Denago" limit="1"`);
    await statusSays("Showing 1 of 2 vehicles");
    expect(ui.getByRole("link", { name: "View all 2 vehicles" }).getAttribute("href")).toBe(`${API}/inventory?brand=denago&${UTM}`);
  });

  it("reports a limit that is not a positive number and ignores it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    serve(FLEET);
    const { events } = await mount(`limit="lots"`);
    await ui.findByText("Showing 3 of 3 vehicles");
    await vi.waitFor(() => expect(events[0]?.detail).toEqual({ widget: "gc-inventory", message: '"limit" must be a positive number, got "lots"' }));
    expect(warn).toHaveBeenCalled();
  });

  it("sync-url reads the filters from the query string and writes them back", async () => {
    history.replaceState(null, "", "/inventory?utm=x&q=suite&gc-brand=evolution&gc-sort=price-desc&gc-price=bogus#top");
    serve(FLEET);
    await mount("sync-url");
    await ui.findByText("Showing 2 of 2 vehicles");
    expect(cardNames()).toEqual(["EVOLUTION-D5-MAVERICK-6", "EVOLUTION-D5-RANGER-4"]);
    expect((ui.getByRole("combobox", { name: "Brand" }) as HTMLSelectElement).value).toBe("evolution");
    await userEvent.type(ui.getByRole("searchbox", { name: "Search" }), "ranger");
    await userEvent.selectOptions(ui.getByRole("combobox", { name: "Sort by" }), "featured");
    await vi.waitFor(() => expect(location.pathname + location.search + location.hash).toBe("/inventory?utm=x&q=suite&gc-brand=evolution&gc-q=ranger#top"));
    // Back/forward to another query re-reads it.
    history.replaceState(null, "", "/inventory?gc-category=maverick");
    window.dispatchEvent(new PopStateEvent("popstate"));
    await vi.waitFor(() => expect(cardNames()).toEqual(["EVOLUTION-D5-MAVERICK-6"]));
  });

  it("without sync-url the query string is left alone", async () => {
    history.replaceState(null, "", "/?brand=denago");
    serve(FLEET);
    await mount();
    await ui.findByText("Showing 3 of 3 vehicles");
    await userEvent.selectOptions(ui.getByRole("combobox", { name: "Price" }), "over-25000");
    await statusSays("Showing 1 of 1 vehicles");
    expect(location.search).toBe("?brand=denago");
  });
});

describe("filter query", () => {
  it.each([
    ["", { q: "", brand: "", category: "", price: "", sort: "featured" }],
    [
      "?q=page&gc-q=golf&gc-brand=denago&gc-category=rover&gc-price=15000-25000&gc-sort=price-asc",
      { q: "golf", brand: "denago", category: "rover", price: "15000-25000", sort: "price-asc" },
    ],
    ["?gc-brand=Tesla&gc-category=<b>&gc-price=free&gc-sort=random", { q: "", brand: "", category: "", price: "", sort: "featured" }],
    ["?q=ocean+view+suite&brand=denago", { q: "", brand: "", category: "", price: "", sort: "featured" }],
  ])("reads %j", (search, expected) => {
    expect(readQuery(search)).toEqual(expected);
  });

  it("writes only the set values and keeps the rest of the address", () => {
    expect(writeQuery("https://x.test/inventory?a=1&q=page&gc-q=old#h", { q: " cart ", brand: "", category: "ranger", price: "", sort: "featured" })).toBe(
      "https://x.test/inventory?a=1&q=page&gc-q=cart&gc-category=ranger#h",
    );
  });
});

describe("<gc-inventory> element", () => {
  it("exposes its main pieces as parts for theming", async () => {
    serve(FLEET);
    const { host } = await mount(`limit="1"`);
    await statusSays("Showing 1 of 3 vehicles");
    for (const part of ["inventory", "filters", "count", "grid", "card", "badge", "price", "link"]) {
      expect(host.shadowRoot!.querySelector(`[part="${part}"]`), part).not.toBeNull();
    }
  });
});

describe("a page of results the site served (/inventory?…)", () => {
  it("is kept as served: no card is rendered again and nothing is fetched, and gc-ready still fires", async () => {
    const fetched = serveFetch(() => never());
    const host = document.createElement("gc-inventory");
    // What the site serves in the declarative shadow root (host-site/components/PagedInventory.tsx), trimmed.
    host.attachShadow({ mode: "open" }).innerHTML =
      '<div class="inventory" part="inventory" data-paged=""><form class="filters" role="search" aria-label="Filter vehicles"><button type="submit">Show results</button></form>' +
      '<ul class="grid" part="grid" aria-label="Vehicles"><li class="card"><a href="/vehicles/a">A</a></li></ul><nav class="pager"><a href="/inventory?page=2" rel="next">Next page</a></nav></div>';
    const card = host.shadowRoot!.querySelector("li.card")!;
    const ready = new Promise((resolve) => host.addEventListener("gc-ready", resolve, { once: true }));
    document.body.append(host);
    await ready;
    expect(host.shadowRoot!.querySelector("li.card")).toBe(card);
    expect(host.shadowRoot!.querySelectorAll(".inventory")).toHaveLength(1);
    expect(
      within(host.shadowRoot! as unknown as HTMLElement)
        .getByRole("link", { name: "Next page" })
        .getAttribute("href"),
    ).toBe("/inventory?page=2");
    expect(fetched).not.toHaveBeenCalled();
    host.remove();
  });
});
