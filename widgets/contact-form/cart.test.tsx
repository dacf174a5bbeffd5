import { describe, expect, it, vi } from "vitest";
import { within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { VALID_MESSAGE } from "../../domain/testing/valid-lead";
import { DATA_BLOCK_ATTRIBUTE } from "../shared/data-block";
import { API, json, mountWidget, serveFetch } from "../testing/widget-test";
import { contactControl, fillContactForm } from "../testing/contact-form";
import { navigation } from "./redirect";
import { CART_GONE } from "./ContactForm";
import "./index";

/** A cart as GET /api/vehicles/:id answers it (the fields the form reads, and some it does not). */
const ROVER = { id: "denago-ev-rover-xl6", name: "Denago EV Rover XL6", stockNumber: "D-1042", status: "available", price: 12995, brand: "DENAGO" };

/**
 * The dealership's API as the form calls it: GET /api/vehicles/:id answered by `vehicle`, POST /api/contact by `lead`
 * (201 by default); every request is kept.
 */
function serve({
  vehicle = () => json(200, ROVER),
  lead = () => json(201, { id: "lead-1" }),
}: { vehicle?: (id: string) => Response | Promise<Response>; lead?: (body: Record<string, unknown>) => Response } = {}) {
  const gets: string[] = [];
  const posts: Record<string, unknown>[] = [];
  const fetch = serveFetch((url: string, init: RequestInit = {}) => {
    if ((init.method ?? "GET") === "GET") {
      expect(url.startsWith(`${API}/api/vehicles/`), url).toBe(true);
      const id = decodeURIComponent(url.slice(`${API}/api/vehicles/`.length));
      gets.push(id);
      return vehicle(id);
    }
    expect(url).toBe(`${API}/api/contact`);
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    posts.push(body);
    return lead(body);
  });
  return { fetch, gets, posts };
}

async function mount(attrs: string, before = "") {
  const mounted = await mountWidget(`${before}<gc-contact-form api-base="${API}" redirect="" ${attrs}></gc-contact-form>`, "gc-contact-form", "form", [
    "gc-error",
    "gc-contact-submitted",
  ]);
  vi.spyOn(navigation, "go").mockImplementation(() => {});
  return mounted;
}

type Ui = ReturnType<typeof within>;
const about = (ui: Ui) => ui.queryByText("About:")?.closest(".about") ?? null;

/** Types the shared valid message and sends it. */
async function send(ui: Ui) {
  const user = userEvent.setup();
  await fillContactForm(user, ui);
  await user.click(ui.getByRole("button", { name: "Send Message" }));
}

describe("<gc-contact-form vehicle-id>", () => {
  it("fetches the cart, names it above the fields and sends a quote request for it", async () => {
    const { gets, posts } = serve();
    const { ui, root, events } = await mount(`vehicle-id="${ROVER.id}"`);
    await vi.waitFor(() => expect(about(ui)?.textContent).toContain("About: Denago EV Rover XL6, stock #D-1042"));
    expect(gets).toEqual([ROVER.id]);
    // Above the fields: the first thing the form says.
    const form = root.querySelector("form")!;
    expect(form.firstElementChild?.className).toBe("about");
    expect(about(ui)?.textContent).not.toContain("sold");
    await send(ui);
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ ...VALID_MESSAGE, website: "", vehicleId: ROVER.id, kind: "quote" });
    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(["gc-contact-submitted"]));
    // The form stays about the cart for a next message.
    expect(about(ui)).toBeTruthy();
  });

  it('"Not about this cart" takes the line away, and the message goes as a plain one', async () => {
    const { posts } = serve();
    const { ui } = await mount(`vehicle-id="${ROVER.id}"`);
    await userEvent.setup().click(await ui.findByRole("button", { name: "Not about this cart" }));
    expect(about(ui)).toBeNull();
    await send(ui);
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).not.toHaveProperty("vehicleId");
    expect(posts[0]).not.toHaveProperty("kind");
  });

  it.each([
    ["an unknown id (404)", () => json(404, { error: "Vehicle not found: x" }), "no such cart"],
    ["a sold cart (410)", () => json(410, { error: "Vehicle sold: x" }), "that cart has been sold"],
    ["a server error", () => json(500, { error: "Internal error" }), "could not load the cart"],
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch")), "could not load the cart"],
    ["an answer that is no vehicle", () => json(200, { hello: "world" }), "could not load the cart"],
  ])("%s: the plain form, a gc-error saying why, and the message sent without the cart", async (_name, vehicle, reason) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { posts } = serve({ vehicle });
    const { ui, events } = await mount(`vehicle-id="${ROVER.id}"`);
    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(["gc-error"]));
    expect((events[0]!.detail as { message: string }).message).toContain(reason);
    expect(warn).toHaveBeenCalledOnce();
    expect(about(ui)).toBeNull();
    await send(ui);
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).not.toHaveProperty("vehicleId");
    expect(posts[0]).not.toHaveProperty("kind");
  });

  it("asks nothing for an id no vehicle can have, and says so", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { gets } = serve();
    const { ui, events } = await mount(`vehicle-id="../staff/vehicles"`);
    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(["gc-error"]));
    expect((events[0]!.detail as { message: string }).message).toContain('"vehicle-id" must be the id of a vehicle');
    expect(gets).toEqual([]);
    expect(about(ui)).toBeNull();
  });

  it("a cart gone from the inventory before sending: nothing lost, the line goes, and the next send goes without it", async () => {
    let first = true;
    const { posts } = serve({
      lead: () => {
        if (!first) return json(201, { id: "lead-2" });
        first = false;
        return json(400, {
          error: "Please correct the highlighted fields.",
          fields: { vehicleId: "The vehicle must be the id of a vehicle in our inventory" },
        });
      },
    });
    const { ui } = await mount(`vehicle-id="${ROVER.id}"`);
    await ui.findByText("About:");
    await send(ui);
    const toast = await ui.findByRole("alert");
    expect(toast.textContent).toContain(CART_GONE);
    expect(about(ui)).toBeNull();
    expect(contactControl(ui, "First Name").value).toBe(VALID_MESSAGE.firstName);
    await userEvent.setup().click(ui.getByRole("button", { name: "Send Message" }));
    await vi.waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[0]).toMatchObject({ vehicleId: ROVER.id, kind: "quote" });
    expect(posts[1]).not.toHaveProperty("vehicleId");
    await vi.waitFor(() => expect(ui.getByRole("status").textContent).toContain("Message sent"));
  });

  it("on the dealership's own page, names the cart the page carries at once, sold or not, without asking the API", async () => {
    const { gets, posts } = serve();
    const sold = { ...ROVER, status: "sold" };
    const block = `<script type="application/json" ${DATA_BLOCK_ATTRIBUTE}>${JSON.stringify(sold)}</script>`;
    const mounted = await mountWidget(
      `${block}<gc-contact-form api-base="${location.origin}" redirect="" vehicle-id="${ROVER.id}"></gc-contact-form>`,
      "gc-contact-form",
      "form",
    );
    const { ui } = mounted;
    expect(about(ui)?.textContent).toContain("About: Denago EV Rover XL6, stock #D-1042");
    expect(about(ui)?.textContent).toContain("This cart has been sold. Your message is still welcome");
    expect(gets).toEqual([]);
    expect(posts).toEqual([]);
  });

  it("a new vehicle-id names its own cart", async () => {
    const other = { ...ROVER, id: "evolution-d5-ranger-4", name: "Evolution D5 Ranger 4", stockNumber: "E-1001" };
    const { gets } = serve({ vehicle: (id) => json(200, id === other.id ? other : ROVER) });
    const { ui, host } = await mount(`vehicle-id="${ROVER.id}"`);
    await vi.waitFor(() => expect(about(ui)?.textContent).toContain("stock #D-1042"));
    host.setAttribute("vehicle-id", other.id);
    await vi.waitFor(() => expect(about(ui)?.textContent).toContain("About: Evolution D5 Ranger 4, stock #E-1001"));
    expect(gets).toEqual([ROVER.id, other.id]);
  });
});
