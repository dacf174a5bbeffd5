import { describe, expect, it, vi } from "vitest";
import { within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CONTACT_MESSAGES } from "../../domain/contact";
import { VALID_MESSAGE } from "../../domain/testing/valid-lead";
import { navigation, afterSend } from "./redirect";
import { SCRIPT_CONTACT } from "../shared/script-contact";
import { API, json, mountWidget, serveFetch } from "../testing/widget-test";
import { contactControl, fillContactForm } from "../testing/contact-form";
import "./index";

/** The phone a failure offers: the site's that served the script. */
const SITE_PHONE = SCRIPT_CONTACT!.main;

let ui: ReturnType<typeof within>;
let root: ShadowRoot;

/** A fake POST /api/contact: `answer` decides the response for each request body. */
function serve(answer: (body: Record<string, unknown>) => Response | Promise<Response>) {
  const bodies: Record<string, unknown>[] = [];
  const fetch = serveFetch((url: string, init: RequestInit) => {
    expect(url).toBe(`${API}/api/contact`);
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    bodies.push(body);
    return answer(body);
  });
  return { fetch, bodies };
}

/** Mounts the element as a partner would, and queries inside its shadow root. */
async function mount(attrs = "") {
  const mounted = await mountWidget(`<gc-contact-form api-base="${API}" ${attrs}></gc-contact-form>`, "gc-contact-form", "form", [
    "gc-error",
    "gc-contact-submitted",
  ]);
  ({ root, ui } = mounted);
  const go = vi.spyOn(navigation, "go").mockImplementation(() => {});
  return { host: mounted.host, events: mounted.events, go };
}

const input = (label: string) => contactControl(ui, label);
const submit = () => ui.getByRole("button", { name: /Send Message|Sending\.\.\./ }) as HTMLButtonElement;

/** Fills in a valid message, with `over` (by label) replacing some fields' text. */
async function fillValid(over: Record<string, string> = {}) {
  const user = userEvent.setup();
  await fillContactForm(user, ui, over);
  return user;
}

describe("<gc-contact-form> fields", () => {
  it("labels every field and offers the four interests, sales first", async () => {
    await mount();
    for (const label of ["First Name", "Last Name", "Email", "Phone", "Interest", "Message"]) expect(input(label)).toBeTruthy();
    const interest = input("Interest") as unknown as HTMLSelectElement;
    expect([...interest.options].map((o) => [o.value, o.textContent])).toEqual([
      ["sales", "Sales"],
      ["service", "Service"],
      ["parts", "Parts"],
      ["general", "General"],
    ]);
    expect(interest.value).toBe("sales");
    expect(submit().textContent).toBe("Send Message");
    expect(root.querySelector('[part="form"]')).toBeTruthy();
    expect(submit().getAttribute("part")).toBe("submit");
  });

  it("takes its default interest from the interest attribute", async () => {
    await mount(`interest="service"`);
    expect((input("Interest") as unknown as HTMLSelectElement).value).toBe("service");
  });

  it("takes an interest set once the form shows (a partner's script, later), unless the visitor chose one", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { host, events } = await mountWidget(`<gc-contact-form api-base="${API}"></gc-contact-form>`, "gc-contact-form", "form", ["gc-ready", "gc-error"]);
    ui = within(host.shadowRoot! as unknown as HTMLElement);
    const interest = input("Interest") as unknown as HTMLSelectElement;
    // The form is showing and has said so: the partner's attribute comes after that.
    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(["gc-ready"]));
    host.setAttribute("interest", "parts");
    await vi.waitFor(() => expect(interest.value).toBe("parts"));

    await userEvent.setup().selectOptions(interest, "general");
    host.setAttribute("interest", "service");
    // A bad value next: its report comes after the effects of the change before it have run.
    host.setAttribute("interest", "boats");
    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(["gc-ready", "gc-error"]));
    expect(interest.value).toBe("general");
    expect(warn).toHaveBeenCalledOnce();
  });

  it("reports an unknown interest attribute and falls back to sales", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { events } = await mount(`interest="rentals"`);
    expect((input("Interest") as unknown as HTMLSelectElement).value).toBe("sales");
    await vi.waitFor(() =>
      expect(events).toContainEqual({
        type: "gc-error",
        detail: { widget: "gc-contact-form", message: '"interest" must be one of sales, service, parts, general, got "rentals"' },
      }),
    );
  });

  it("hides a honeypot named website from people and keyboards", async () => {
    await mount();
    const trap = root.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute("autocomplete")).toBe("off");
    expect(trap.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(ui.queryByRole("textbox", { name: "Website" })).toBeNull();
  });
});

describe("<gc-contact-form> validation", () => {
  it("shows each §5 message at its field, wired with aria-invalid and aria-describedby, and sends nothing", async () => {
    const { fetch } = serve(() => json(201, { id: "x" }));
    await mount();
    await userEvent.click(submit());
    const expected: [string, string][] = [
      ["First Name", CONTACT_MESSAGES.firstName],
      ["Last Name", CONTACT_MESSAGES.lastName],
      // The spec's one message per rule (§5): an empty address is not a valid one.
      ["Email", "Invalid email address"],
      ["Phone", "Phone number is required"],
      ["Message", CONTACT_MESSAGES.message],
    ];
    await vi.waitFor(() => expect(input("Message").getAttribute("aria-invalid")).toBe("true"));
    for (const [label, message] of expected) {
      const field = input(label);
      expect(field.getAttribute("aria-invalid"), label).toBe("true");
      const described = root.getElementById(field.getAttribute("aria-describedby")!);
      expect(described?.textContent, label).toBe(message);
    }
    expect(input("Interest").getAttribute("aria-invalid")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    // The first invalid field gets focus.
    expect(root.activeElement).toBe(input("First Name"));
  });

  it.each([
    ["Email", "dana@", "Invalid email address"],
    // Too few digits, or none: the spec's phone message, whatever was typed.
    ["Phone", "12", "Phone number is required"],
    ["Phone", "555-0101", "Phone number is required"],
    ["Phone", "aaaaaaaaaaaa", "Phone number is required"],
    ["Phone", "302 555 01", "Phone number is required"],
    ["Message", "Too short", CONTACT_MESSAGES.message],
    ["First Name", "   ", CONTACT_MESSAGES.firstName],
  ])("%s %j reads %s", async (label, value, message) => {
    serve(() => json(201, { id: "x" }));
    await mount();
    const user = await fillValid({ [label]: value });
    await user.click(submit());
    await vi.waitFor(() => expect(root.getElementById(input(label).getAttribute("aria-describedby") ?? "")?.textContent).toBe(message));
  });
});

describe("<gc-contact-form> sending", () => {
  it("posts the lead once, says Sending..., resets, emits gc-contact-submitted and goes to the dealership's /thank-you", async () => {
    let release!: () => void;
    const { bodies } = serve(() => new Promise<Response>((r) => (release = () => r(json(201, { id: "lead-1" })))));
    const { events, go } = await mount(`source="resort-landing" interest="parts"`);
    const user = await fillValid();
    await user.click(submit());
    await vi.waitFor(() => expect(submit().textContent).toBe("Sending..."));
    expect(submit().getAttribute("aria-disabled")).toBe("true");
    expect(bodies).toEqual([
      {
        ...VALID_MESSAGE,
        interest: "parts",
        website: "",
        source: "resort-landing",
      },
    ]);
    release();
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith(`${API}/thank-you`));
    expect(events).toEqual([{ type: "gc-contact-submitted", detail: { id: "lead-1", interest: "parts", source: "resort-landing" } }]);
    expect(input("First Name").value).toBe("");
    expect((input("Interest") as unknown as HTMLSelectElement).value).toBe("parts");
    expect(submit().textContent).toBe("Send Message");
    expect(submit().hasAttribute("aria-disabled")).toBe(false);
  });

  it("sends a filled honeypot along, and no source when there is none", async () => {
    const { bodies } = serve(() => json(201, { id: "lead-2" }));
    const { events } = await mount(`redirect=""`);
    const user = await fillValid();
    root.querySelector<HTMLInputElement>('input[name="website"]')!.value = "http://spam.example";
    await user.click(submit());
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ website: "http://spam.example" });
    expect(bodies[0]).not.toHaveProperty("source");
    expect(events[0]!.detail).toEqual({ id: "lead-2", interest: "sales", source: null });
  });

  it('with redirect="" stays and shows a success message', async () => {
    serve(() => json(201, { id: "lead-3" }));
    const { go } = await mount(`redirect=""`);
    const user = await fillValid();
    await user.click(submit());
    await vi.waitFor(() => expect(ui.getByRole("status").textContent).toContain("Message sent"));
    expect(go).not.toHaveBeenCalled();
    expect(input("Email").value).toBe("");
  });

  it("goes to the redirect attribute, resolved against the host page", async () => {
    serve(() => json(201, { id: "lead-4" }));
    const { go } = await mount(`redirect="thanks.html?from=form"`);
    await (await fillValid()).click(submit());
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith(new URL("thanks.html?from=form", location.href).href));
  });

  it("refuses a javascript: redirect, stays and reports it", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    serve(() => json(201, { id: "lead-5" }));
    const { go, events } = await mount(`redirect="javascript:alert(1)"`);
    await (await fillValid()).click(submit());
    await vi.waitFor(() => expect(ui.getByRole("status").textContent).toContain("Message sent"));
    expect(go).not.toHaveBeenCalled();
    expect(events.map((e) => e.type)).toEqual(["gc-contact-submitted", "gc-error"]);
  });

  it("reports a source label the API would refuse, and sends without it", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { bodies } = serve(() => json(201, { id: "lead-6" }));
    const { events } = await mount(`redirect="" source="<script>"`);
    await (await fillValid()).click(submit());
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty("source");
    expect(events[0]!.type).toBe("gc-error");
  });
});

describe("<gc-contact-form> failures", () => {
  it("shows the server's error in an Error toast and its field messages at the fields", async () => {
    serve(() => json(400, { error: "Please correct the highlighted fields.", fields: { email: "That address bounced", body: "ignored" } }));
    const { events } = await mount();
    await (await fillValid()).click(submit());
    const toast = await ui.findByRole("alert");
    expect(toast.querySelector(".toast-title")?.textContent).toBe("Error");
    expect(toast.textContent).toContain("Please correct the highlighted fields.");
    expect(input("Email").getAttribute("aria-invalid")).toBe("true");
    expect(root.getElementById("gc-cf-email-error")?.textContent).toBe("That address bounced");
    expect(submit().textContent).toBe("Send Message");
    expect(submit().hasAttribute("aria-disabled")).toBe(false);
    // The visitor's text is kept for another try; a 400 is the visitor's to fix, not an embedding problem.
    expect(input("First Name").value).toBe(VALID_MESSAGE.firstName);
    expect(events).toEqual([]);
    await userEvent.click(ui.getByRole("button", { name: "Dismiss" }));
    expect(ui.queryByRole("alert")).toBeNull();
  });

  it.each([
    [
      "a 429",
      () => json(429, { error: "Too many messages from this address. Please wait a minute, or call us." }),
      "Your message was not sent: many were sent from your connection just now. What you typed is still here: please wait a minute and try again, or call us.",
    ],
    [
      "a 500",
      () => json(500, { error: "Internal server error" }),
      "Your message was not sent: something went wrong on our side. What you typed is still here: please try again in a moment, or call us.",
    ],
    [
      "a 503 while the server restarts",
      () => json(503, { error: "The server is restarting: try again in a few seconds", status: "draining" }),
      "Your message was not sent: something went wrong on our side. What you typed is still here: please try again in a moment, or call us.",
    ],
    [
      "a 502 that is not JSON",
      () => new Response("<html>Bad gateway</html>", { status: 502 }),
      "Your message was not sent: something went wrong on our side. What you typed is still here: please try again in a moment, or call us.",
    ],
    [
      "a network failure",
      () => Promise.reject(new TypeError("Failed to fetch")),
      "Your message was not sent: we could not be reached. What you typed is still here: please try again, or call us.",
    ],
    [
      "a page whose origin may not post",
      () => json(403, { error: "Origin http://partner.example may not post leads", code: "origin-not-allowed" }),
      "This page cannot send your message to us. What you typed is still here: please call us instead.",
    ],
  ])("%s → an Error toast in plain words with the dealership's phone, the text kept, and gc-error", async (_name, answer, text) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    serve(answer);
    const { events, go } = await mount();
    await (await fillValid()).click(submit());
    const toast = await ui.findByRole("alert");
    expect(toast.querySelector(".toast-title")?.textContent).toBe("Error");
    expect(toast.querySelector(".toast-title")?.nextElementSibling?.textContent).toBe(text);
    expect(toast.textContent).not.toMatch(/Origin|server|HTTP|Internal/);
    const call = within(toast).getByRole("link", { name: `Call ${SITE_PHONE.display}` });
    expect(call.getAttribute("href")).toBe(`tel:${SITE_PHONE.e164}`);
    expect(go).not.toHaveBeenCalled();
    expect(input("Message").value).toBe(VALID_MESSAGE.message);
    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(["gc-error"]));
    expect(submit().hasAttribute("aria-disabled")).toBe(false);
  });
});

describe("afterSend", () => {
  const page = "https://partner.example/deals/spring.html";
  it.each([
    [null, { to: `${API}/thank-you` }],
    ["", { stay: true }],
    ["  ", { stay: true }],
    ["/thanks", { to: "https://partner.example/thanks" }],
    ["done.html", { to: "https://partner.example/deals/done.html" }],
    ["https://dealer.example/thank-you?x=1", { to: "https://dealer.example/thank-you?x=1" }],
    ["javascript:alert(1)", { stay: true, problem: '"redirect" must be an http(s) URL or a path, got "javascript:alert(1)"' }],
  ])("%j → %j", (redirect, expected) => expect(afterSend(redirect, API, page)).toEqual(expected));
});
