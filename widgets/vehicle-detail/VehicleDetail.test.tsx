import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Vehicle } from "../../domain/vehicle";
import { API, UTM, json, mountWidget, never, serveFetch, type SeenEvent } from "../testing/widget-test";
import { listenOnDocument } from "../testing/document-listeners";
import { vehiclesStore } from "../shared/vehicles-store";
import { specLabel, specValue } from "../../domain/spec-label";
import "./index";

const MAVERICK: Vehicle = {
  id: "evolution-d5-maverick-4-plus",
  name: "EVolution D5 Maverick 4 Plus",
  description: "A lifted four-seater for sand and trail.",
  price: 12_995,
  brand: "Evolution",
  category: "D5 Maverick",
  images: ["/images/vehicles/maverick.svg", "https://cdn.example/maverick-side.jpg", "/images/series/d5.svg"],
  inStock: true,
  isNew: true,
  features: ["Lithium battery", "Street legal lighting"],
  specifications: { seatingCapacity: 4, range: "42 miles", topSpeed: "25 mph", chargingTime: "4-6 hours", vehicleType: "Off-Road", payload: 800 },
  externalUrl: "https://www.evolutionevs.com/",
  featured: true,
  condition: "new",
  status: "available",
};

/** A fake API for GET /api/vehicles/:id: known ids answer, others 404; `pending` never answers. */
const serve = (vehicles: Vehicle[], pending = false) =>
  serveFetch((req: Request) => {
    if (pending) return never();
    const id = decodeURIComponent(req.url.slice(`${API}/api/vehicles/`.length));
    const v = vehicles.find((x) => x.id === id);
    return v ? json(200, v) : json(404, { error: `Vehicle not found: ${id}` });
  });

/** A fake API that answers every request with `status` and a JSON error. */
const serveStatus = (status: number) => serveFetch(() => json(status, { error: `Status ${status}` }));

/** Timers and frames run on a fake clock, so ky's back-off and timeout pass without waiting; microtasks stay real. */
const FAKE: Parameters<typeof vi.useFakeTimers>[0] = {
  toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "Date", "performance"],
};

let ui: ReturnType<typeof within>;
let root: ShadowRoot;

/** Mounts the element as a partner would, and queries inside its shadow root. */
async function mount(attrs: string) {
  const mounted = await mountWidget(`<gc-vehicle-detail api-base="${API}" ${attrs}></gc-vehicle-detail>`, "gc-vehicle-detail", "*");
  ({ root, ui } = mounted);
  return { host: mounted.host, events: mounted.events };
}

const link = (name: string) => ui.getByRole("link", { name });
const href = (name: string) => link(name).getAttribute("href");

beforeEach(() => vehiclesStore.setState({ pages: {}, details: {} }));

describe("<gc-vehicle-detail> states", () => {
  it("keeps showing the page's prerendered details while loading, then its own view", async () => {
    serve([MAVERICK], true);
    document.body.innerHTML = `<gc-vehicle-detail api-base="${API}" vehicle-id="${MAVERICK.id}"><h1>Prerendered Maverick</h1></gc-vehicle-detail>`;
    const host = document.querySelector("gc-vehicle-detail")!;
    await vi.waitFor(() => expect(host.shadowRoot?.querySelector("slot")).not.toBeNull());
    expect(host.shadowRoot!.querySelector("[data-testid=detail-skeleton]")).toBeNull();
    expect((host.shadowRoot!.querySelector("slot") as HTMLSlotElement).assignedElements()[0]?.textContent).toBe("Prerendered Maverick");

    vehiclesStore.setState({ details: {} });
    serve([MAVERICK]);
    document.body.innerHTML = `<gc-vehicle-detail api-base="${API}" vehicle-id="${MAVERICK.id}"><h1>Prerendered Maverick</h1></gc-vehicle-detail>`;
    const again = document.querySelector("gc-vehicle-detail")!;
    await vi.waitFor(() => expect(again.shadowRoot?.querySelector("h2")?.textContent).toContain(MAVERICK.name));
    expect(again.shadowRoot!.querySelector("slot")).toBeNull();
  });

  it("names the missing vehicle-id and tells the host page, without fetching", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetch = serve([MAVERICK]);
    const { events } = await mount("");
    expect(ui.getByRole("alert").textContent).toContain('"vehicle-id" is required');
    await vi.waitFor(() => expect(events.map((e) => e.detail)).toEqual([{ widget: "gc-vehicle-detail", message: '"vehicle-id" is required' }]));
    expect(warn).toHaveBeenCalledWith('[gc-vehicle-detail] "vehicle-id" is required');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows a skeleton while loading", async () => {
    serve([], true);
    await mount(`vehicle-id="${MAVERICK.id}"`);
    expect(ui.getByRole("status").textContent).toBe("Loading vehicle…");
    expect(ui.getByTestId("detail-skeleton").getAttribute("aria-hidden")).toBe("true");
  });

  it.each([404, 410])("shows Vehicle Not Found with a way back when the API answers %d, after one request", async (status) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetch = status === 404 ? serve([MAVERICK]) : serveStatus(410);
    const { events } = await mount(`vehicle-id="no-such-cart"`);
    expect((await ui.findByRole("heading", { name: "Vehicle Not Found" })).tagName).toBe("H2");
    expect(ui.getByText("The vehicle you're looking for doesn't exist or has been removed.")).toBeTruthy();
    expect(href("Back to Inventory")).toBe(`${API}/inventory?${UTM}`);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0].url).toBe(`${API}/api/vehicles/no-such-cart`);
    await vi.waitFor(() => expect(events.map((e) => e.detail)).toEqual([{ widget: "gc-vehicle-detail", message: "Vehicle not found: no-such-cart" }]));
    expect(warn).toHaveBeenCalled();
  });

  it.each([
    ["a 503, once its retries are spent", () => serveStatus(503), "Failed to load vehicle: 503"],
    ["a 500, once its retries are spent", () => serveStatus(500), "Failed to load vehicle: 500"],
    ["no answer within the timeout", () => serve([], true), "Failed to load vehicle: the server took too long to answer"],
  ])("treats %s as a failed load with a retry, not as Vehicle Not Found", async (_case, answer, message) => {
    vi.useFakeTimers(FAKE);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    answer();
    const { events } = await mount(`vehicle-id="${MAVERICK.id}"`);
    // ky's retry back-off (0.3 s, 0.6 s, 1.2 s) or its 15 s timeout.
    await vi.advanceTimersByTimeAsync(16_000);
    // testing-library's findBy* polls on the (fake) setTimeout: vi.waitFor drives the fake clock itself.
    const alert = await vi.waitFor(() => ui.getByRole("alert"));
    expect(alert.textContent).toContain("This vehicle could not be loaded just now. Please try again, or call us.");
    expect(ui.queryByRole("heading", { name: "Vehicle Not Found" })).toBeNull();
    await vi.waitFor(() => expect(events.map((e) => e.detail)).toEqual([{ widget: "gc-vehicle-detail", message: `${message}: ${MAVERICK.id}` }]));
    expect(warn).toHaveBeenCalledWith(`[gc-vehicle-detail] ${message}: ${MAVERICK.id}`);

    // The vehicle exists: once the API answers again, Try again shows it.
    serve([MAVERICK]);
    fireEvent.click(ui.getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(ui.getByRole("heading", { name: MAVERICK.name })).toBeTruthy());
    expect(ui.queryByRole("alert")).toBeNull();
  });

  it("keeps the page's prerendered details in view beside the failure notice", async () => {
    vi.useFakeTimers(FAKE);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    serveStatus(503);
    document.body.innerHTML = `<gc-vehicle-detail api-base="${API}" vehicle-id="${MAVERICK.id}"><h1>Prerendered Maverick</h1></gc-vehicle-detail>`;
    const host = document.querySelector("gc-vehicle-detail")!;
    await vi.advanceTimersByTimeAsync(16_000);
    await vi.waitFor(() => expect(host.shadowRoot?.querySelector('[role="alert"]')).not.toBeNull());
    expect((host.shadowRoot!.querySelector("slot") as HTMLSlotElement).assignedElements()[0]?.textContent).toBe("Prerendered Maverick");
  });
});

describe("<gc-vehicle-detail> attributes set after it was added", () => {
  it("given vehicle-id and source one microtask later (imperative code, frameworks): no gc-error, and gc-ready carries the source", async () => {
    const warn = vi.spyOn(console, "warn");
    serve([MAVERICK]);
    const events: SeenEvent[] = [];
    for (const type of ["gc-ready", "gc-error"]) listenOnDocument(type, (e) => events.push({ type, detail: (e as CustomEvent).detail }));
    const el = document.createElement("gc-vehicle-detail");
    document.body.append(el);
    await Promise.resolve();
    el.setAttribute("api-base", API);
    el.setAttribute("vehicle-id", MAVERICK.id);
    el.setAttribute("source", "bayside");
    await vi.waitFor(() => expect(events).toEqual([{ type: "gc-ready", detail: { widget: "gc-vehicle-detail", source: "bayside" } }]));
    expect(within(el.shadowRoot! as unknown as HTMLElement).getByRole("heading", { level: 2 }).textContent).toBe(MAVERICK.name);
    expect(warn).not.toHaveBeenCalled();
  });

  it("still names a vehicle-id that never comes", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    serve([MAVERICK]);
    const events: SeenEvent[] = [];
    listenOnDocument("gc-error", (e) => events.push({ type: "gc-error", detail: (e as CustomEvent).detail }));
    const el = document.createElement("gc-vehicle-detail");
    document.body.append(el);
    await Promise.resolve();
    el.setAttribute("source", "bayside");
    await vi.waitFor(() => expect(events).toEqual([{ type: "gc-error", detail: { widget: "gc-vehicle-detail", message: '"vehicle-id" is required' } }]));
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe("<gc-vehicle-detail> loaded", () => {
  it.each([
    ["on hold", { status: "on-hold" as const }],
    ["out of stock", { inStock: false, isNew: false }],
  ])("offers no test drive for a cart %s, and still the call and the other actions", async (_, change) => {
    const cart = { ...MAVERICK, ...change };
    serve([cart]);
    await mount(`vehicle-id="${cart.id}"`);
    await ui.findByRole("heading", { name: cart.name });
    expect(ui.queryByRole("button", { name: "Schedule Test Drive" })).toBeNull();
    expect(ui.queryByRole("link", { name: "Schedule Test Drive" })).toBeNull();
    expect(link("Compare")).toBeTruthy();
  });

  it("shows everything the detail page lists", async () => {
    serve([MAVERICK]);
    await mount(`vehicle-id="${MAVERICK.id}"`);
    await ui.findByRole("heading", { name: MAVERICK.name });

    expect(href("Back to Inventory")).toBe(`${API}/inventory?${UTM}`);
    const main = root.querySelector<HTMLImageElement>('[part="image"] img')!;
    expect(main.getAttribute("src")).toBe(`${API}/images/vehicles/maverick.svg`);
    expect(main.getAttribute("alt")).toBe(`${MAVERICK.name}, image 1 of 3`);
    expect(root.querySelector('[part="badge"]')!.textContent).toBe("NEW");
    expect(ui.getByText(MAVERICK.description)).toBeTruthy();
    expect(root.querySelector('[part="price"]')!.textContent).toBe("$12,995");

    const tiles = [...root.querySelectorAll('[part="tile"]')].map((t) => t.textContent);
    expect(tiles).toEqual(["Seats4", "BrandEVOLUTION"]);

    // Served, it dials (TestDrive.test.tsx: once the script runs, it opens the test-drive picker).
    expect(ui.getByRole("button", { name: "Schedule Test Drive" }).getAttribute("aria-expanded")).toBe("false");
    const financing = link("Get Financing Quote");
    expect(financing.getAttribute("href")).toBe("https://apply.financing.example/golf-carts?dealer=sussex-coast");
    expect(financing.getAttribute("target")).toBe("_blank");
    expect(financing.getAttribute("rel")).toBe("noopener");
    expect(financing.getAttribute("aria-describedby")).toBe("gc-new-tab");

    const features = within(ui.getByRole("region", { name: "Features" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(features).toEqual(MAVERICK.features);

    const specs = [...within(ui.getByRole("region", { name: "Specifications" })).getAllByRole("term")].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(specs).toEqual([
      ["Seating Capacity", "4"],
      ["Range", "42 miles"],
      ["Top Speed", "25 mph"],
      ["Charging Time", "4-6 hours"],
      ["Vehicle Type", "Off-Road"],
      ["Payload", "800"],
    ]);

    // On a partner's page (another origin), the vehicle's own page on the dealership's site, not the maker's home page.
    for (const name of ["View Vehicle Details", "Full Specifications"]) {
      expect(href(name)).toBe(`${API}/vehicle/${MAVERICK.id}?${UTM}`);
      expect(link(name).getAttribute("target")).toBe("_blank");
    }

    const cta = ui.getByRole("complementary", { name: "Interested in this vehicle?" });
    expect(within(cta).getByRole("link", { name: "Contact Sales Team" }).getAttribute("href")).toBe("tel:+13025550142");
    expect(within(cta).getByRole("link", { name: "View More Vehicles" }).getAttribute("href")).toBe(`${API}/inventory?${UTM}`);
  });

  it("tells the host page which of the dealership's pages a link opens (gc-action)", async () => {
    serve([MAVERICK]);
    const { events } = await mountWidget(
      `<gc-vehicle-detail api-base="${API}" vehicle-id="${MAVERICK.id}" source="bayside"></gc-vehicle-detail>`,
      "gc-vehicle-detail",
      "*",
      ["gc-action"],
    );
    ui = within(document.querySelector("gc-vehicle-detail")!.shadowRoot! as unknown as HTMLElement);
    await ui.findByRole("heading", { name: MAVERICK.name });
    // The page keeps the visitor (a new tab would open), after the widget has heard the click.
    listenOnDocument("click", (e) => e.preventDefault());
    for (const name of ["View Vehicle Details", "Full Specifications", "View More Vehicles", "Get Financing Quote"]) fireEvent.click(link(name));
    expect(events.map((e) => (e.detail as { action: string }).action)).toEqual(["details", "details", "details", "quote"]);
    expect(events[0]!.detail).toEqual({
      widget: "gc-vehicle-detail",
      action: "details",
      source: "bayside",
      href: `${API}/vehicle/${MAVERICK.id}?utm_source=bayside&utm_medium=widget`,
    });
  });

  it.each([
    [{ isNew: true, inStock: false }, "NEW"],
    [{ isNew: false, inStock: true }, "In Stock"],
    [{ isNew: false, inStock: false }, "Out of Stock"],
  ])("badge for %j reads %s", async (flags, badge) => {
    serve([{ ...MAVERICK, ...flags }]);
    await mount(`vehicle-id="${MAVERICK.id}"`);
    await vi.waitFor(() => expect(root.querySelector('[part="badge"]')?.textContent).toBe(badge));
  });

  it("hides the externalUrl links when there is none, and a single image has no thumbnails", async () => {
    const { externalUrl: _, ...plain } = MAVERICK;
    serve([{ ...plain, images: ["/images/vehicles/maverick.svg"] }]);
    await mount(`vehicle-id="${MAVERICK.id}"`);
    await ui.findByRole("heading", { name: MAVERICK.name });
    expect(ui.queryByRole("link", { name: "View Vehicle Details" })).toBeNull();
    expect(ui.queryByRole("link", { name: "Full Specifications" })).toBeNull();
    expect(ui.queryByRole("group", { name: "Vehicle images" })).toBeNull();
    expect(root.querySelector('[part="image"] img')!.getAttribute("alt")).toBe(MAVERICK.name);
  });

  it.each(["javascript:alert(document.domain)", " JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)"])(
    "renders no link for an externalUrl of %j (an API other than ours may send one), nor an image source that is not http(s)",
    async (url) => {
      serve([{ ...MAVERICK, externalUrl: url, images: [url, ...MAVERICK.images] }]);
      await mount(`vehicle-id="${MAVERICK.id}"`);
      await ui.findByRole("heading", { name: MAVERICK.name });
      expect(ui.queryByRole("link", { name: "View Vehicle Details" })).toBeNull();
      expect(ui.queryByRole("link", { name: "Full Specifications" })).toBeNull();
      for (const el of root.querySelectorAll("[href], [src]")) {
        expect(el.getAttribute("href") ?? el.getAttribute("src")).not.toMatch(/^\s*(javascript|data|vbscript):/i);
      }
    },
  );

  it("shows a placeholder when there is no image", async () => {
    serve([{ ...MAVERICK, images: [] }]);
    await mount(`vehicle-id="${MAVERICK.id}"`);
    expect(await ui.findByRole("img", { name: `${MAVERICK.name}: photo coming soon` })).toBeTruthy();
  });
});

describe("<gc-vehicle-detail> gallery", () => {
  it("chooses images by click and by arrow keys, marking the selected thumbnail", async () => {
    serve([MAVERICK]);
    await mount(`vehicle-id="${MAVERICK.id}"`);
    const group = await ui.findByRole("group", { name: "Vehicle images" });
    const thumbs = within(group).getAllByRole("button");
    const pressed = () => thumbs.map((t) => t.getAttribute("aria-pressed"));
    const mainSrc = () => root.querySelector('[part="image"] img')!.getAttribute("src");
    expect(pressed()).toEqual(["true", "false", "false"]);
    expect(thumbs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);

    const user = userEvent.setup();
    await user.click(thumbs[1]!);
    expect(mainSrc()).toBe("https://cdn.example/maverick-side.jpg");
    expect(pressed()).toEqual(["false", "true", "false"]);

    await user.keyboard("{ArrowRight}");
    expect(mainSrc()).toBe(`${API}/images/series/d5.svg`);
    expect(root.activeElement).toBe(thumbs[2]);
    await user.keyboard("{ArrowRight}");
    expect(pressed()).toEqual(["true", "false", "false"]);
    await user.keyboard("{ArrowLeft}");
    expect(pressed()).toEqual(["false", "false", "true"]);
    await user.keyboard("{Home}");
    expect(root.activeElement).toBe(thumbs[0]);
    await user.keyboard("{End}");
    expect(thumbs[2]!.tabIndex).toBe(0);
    expect(root.querySelector('[part="image"] img')!.getAttribute("alt")).toBe(`${MAVERICK.name}, image 3 of 3`);
  });
});

describe("<gc-vehicle-detail> photos", () => {
  const PHOTOS = ["/photos/0123456789abcdef0123-3024x4032.jpg", "/photos/fedcba9876543210fedc-4032x3024.jpg"];
  const WITH_PHOTOS: Vehicle = { ...MAVERICK, images: [...PHOTOS, "/images/vehicles/maverick.svg"] };

  it("shows every photo (not the drawing) as a <picture> of AVIF and WebP widths, the first at high priority", async () => {
    serve([WITH_PHOTOS]);
    await mount(`vehicle-id="${MAVERICK.id}"`);
    const group = await ui.findByRole("group", { name: "Vehicle images" });
    expect(within(group).getAllByRole("button")).toHaveLength(2);
    const sources = [...root.querySelectorAll('[part="image"] picture source')];
    expect(sources.map((s) => [s.getAttribute("type"), s.getAttribute("srcset")])).toEqual(
      ["avif", "webp"].map((f) => [`image/${f}`, [480, 640, 960, 1600].map((w) => `${API}/photos/0123456789abcdef0123-3024x4032-${w}.${f} ${w}w`).join(", ")]),
    );
    // A portrait photo is drawn inside the 16:10 box at under half its width: its sizes say so.
    expect(sources[0]!.getAttribute("sizes")).toBe("(min-width: 1240px) 300px, (min-width: 760px) 26vw, 47vw");
    const img = root.querySelector<HTMLImageElement>('[part="image"] picture img')!;
    expect([img.getAttribute("src"), img.getAttribute("width"), img.getAttribute("height")]).toEqual([`${API}${PHOTOS[0]}`, "1600", "2133"]);
    expect(img.getAttribute("fetchpriority") ?? (img as HTMLImageElement & { fetchPriority?: string }).fetchPriority).toBe("high");
    const thumb = within(group).getAllByRole("button")[1]!.querySelector("img")!;
    expect(thumb.getAttribute("loading")).toBe("lazy");
  });

  it("moves through the photos with the previous and next buttons and by swiping the image", async () => {
    serve([WITH_PHOTOS]);
    await mount(`vehicle-id="${MAVERICK.id}"`);
    const next = await ui.findByRole("button", { name: "Next image" });
    const alt = () => root.querySelector('[part="image"] img')!.getAttribute("alt");
    const user = userEvent.setup();
    await user.click(next);
    expect(alt()).toBe(`${MAVERICK.name}, image 2 of 2`);
    await user.click(next);
    expect(alt()).toBe(`${MAVERICK.name}, image 1 of 2`);
    await user.click(ui.getByRole("button", { name: "Previous image" }));
    expect(alt()).toBe(`${MAVERICK.name}, image 2 of 2`);

    // jsdom has no PointerEvent: a MouseEvent with a pointer's id stands in for a finger.
    if (!("PointerEvent" in window)) {
      class FingerEvent extends MouseEvent {
        readonly pointerId: number;
        readonly isPrimary: boolean;
        constructor(type: string, init: MouseEventInit & { pointerId?: number; isPrimary?: boolean } = {}) {
          super(type, init);
          this.pointerId = init.pointerId ?? 0;
          this.isPrimary = init.isPrimary ?? true;
        }
      }
      vi.stubGlobal("PointerEvent", FingerEvent);
    }
    const image = root.querySelector('[part="image"]')!;
    const swipe = async (from: number, to: number, dy = 0) => {
      fireEvent.pointerDown(image, { clientX: from, clientY: 100, pointerId: 1, isPrimary: true });
      fireEvent.pointerUp(image, { clientX: to, clientY: 100 + dy, pointerId: 1, isPrimary: true });
      await new Promise((resolve) => setTimeout(resolve, 0)); // preact renders a state change on its next tick
    };
    await swipe(300, 100); // to the left: the next one
    expect(alt()).toBe(`${MAVERICK.name}, image 1 of 2`);
    await swipe(100, 300); // to the right: the previous one
    expect(alt()).toBe(`${MAVERICK.name}, image 2 of 2`);
    await swipe(300, 280); // too short
    await swipe(300, 200, 300); // mostly a vertical scroll
    expect(alt()).toBe(`${MAVERICK.name}, image 2 of 2`);
  });
});

describe("specification labels and values", () => {
  it.each([
    ["seatingCapacity", "Seating Capacity"],
    ["topSpeed", "Top Speed"],
    ["range", "Range"],
    ["battery_type", "Battery Type"],
    ["max-load", "Max Load"],
  ])("%s reads %s", (key, label) => expect(specLabel(key)).toBe(label));

  it.each([
    [1500, "1,500"],
    ["48V Lithium", "48V Lithium"],
    [true, "Yes"],
    [["AM", "FM"], "AM, FM"],
  ])("%j reads %s", (value, text) => expect(specValue(value)).toBe(text));
});

describe("<gc-vehicle-detail> payment estimate", () => {
  it("totals exactly the payments it states: at 0% the price, the last payment taking up the rounding", async () => {
    serve([{ ...MAVERICK, price: 11_995 }]);
    await mount(`vehicle-id="${MAVERICK.id}"`);
    const estimate = within((await ui.findByRole("heading", { name: /estimate/i })).closest("section")!);
    fireEvent.input(estimate.getByLabelText("Down payment ($)"), { target: { value: "1200" } });
    fireEvent.input(estimate.getByLabelText("APR (%)"), { target: { value: "0" } });
    const result = estimate.getByRole("status");
    await vi.waitFor(() => expect(result.textContent).toContain("Estimated $179.92 a month for 60 months, the last $179.72"));
    expect(result.textContent).toContain("Total $11,995.00: $1,200.00 down and $10,795.00 in payments on $10,795.00 financed at 0% APR.");
  });
});
