import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DAYS } from "../../../domain/opening-hours";
import { SiteSchema, type Site } from "../../../domain/site";
import { firstSite } from "../../../domain/site-seed";
import { blankFormValues, toFormValues } from "./form-values";
import { SiteForm } from "./SiteForm";

/** Every field of SiteSchema, by its visible label (the towns' fields appear once a town is added). */
const LABELS = [
  "Name",
  "ID",
  "Region",
  "E-mail",
  "Legal name",
  "Tagline",
  "Founded in",
  "Phone as shown",
  "Phone to dial",
  "Toll-free as shown",
  "Toll-free to dial",
  "Service line as shown",
  "Service line to dial",
  "Primary domain",
  "Street",
  "City",
  "State",
  "ZIP code",
  "County",
  "Latitude",
  "Longitude",
  "Governing law (state)",
  "County of venue",
  ...DAYS.map((day) => `Open on ${day}`),
  "Monday opens",
  "Monday closes",
  "Facebook",
  "Instagram",
  "YouTube",
  "Financing application",
  "Financing offer",
  "Lead mail recipients",
];

const sussex = firstSite();
/**
 * The control a visible label names (as getByLabelText finds it, which takes seconds a call on a form this size
 * when the machine is loaded: the first test checks every label with it).
 */
const control = (label: string): HTMLInputElement => {
  const found = [...document.querySelectorAll("label")].filter((l) => l.textContent === label);
  expect(found, label).toHaveLength(1);
  return document.getElementById(found[0]!.htmlFor) as HTMLInputElement;
};
const described = (label: string) => {
  const input = control(label);
  return (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");
};
/** Replaces a field's value as a person pasting it would (typing a time key by key is not possible in jsdom's time inputs). */
const fill = async (label: string, value: string) => {
  const input = control(label);
  await userEvent.clear(input);
  if (value) {
    await userEvent.click(input);
    await userEvent.paste(value);
  }
};
const sent = (onSave: ReturnType<typeof vi.fn>) => (onSave.mock.calls[0] as unknown[])[0] as Site;

// Typing through user-event takes seconds when the machine is loaded; the default 5 s is too tight there.
describe("<SiteForm>", { timeout: 30_000 }, () => {
  it("labels every field of the site schema", () => {
    render(<SiteForm defaults={blankFormValues(sussex)} isNew onSave={async () => {}} onCancel={() => {}} />);
    for (const label of LABELS) expect(screen.getByLabelText(label, { exact: true })).toBeTruthy();
    // A day closed in the template shows no times, until it is ticked open.
    expect(screen.queryByLabelText("Sunday opens")).toBeNull();
    expect((screen.getByLabelText("Open on Sunday") as HTMLInputElement).checked).toBe(false);
  });

  it("sends a stored site back unchanged, every optional field included", async () => {
    const onSave = vi.fn(async () => {});
    render(<SiteForm defaults={toFormValues(sussex)} isNew={false} onSave={onSave} onCancel={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(sent(onSave)).toEqual(sussex);
  });

  it("sends back unchanged what the form does not show (the service hours), beside the owner's change", async () => {
    const serviceHours = { ...sussex.hours, Saturday: { opens: "09:00", closes: "15:00" }, Sunday: null };
    const stored: Site = { ...sussex, serviceHours };
    const onSave = vi.fn(async () => {});
    render(<SiteForm defaults={toFormValues(stored)} isNew={false} onSave={onSave} onCancel={() => {}} />);
    await fill("Legal name", "");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(sent(onSave).serviceHours).toEqual(serviceHours);
    expect(sent(onSave).legalName).toBeUndefined();
  });

  it("sends the owner's changes to hours, phones, links and lead mail; optional fields left empty are left out", async () => {
    const onSave = vi.fn(async () => {});
    render(<SiteForm defaults={toFormValues(sussex)} isNew={false} onSave={onSave} onCancel={() => {}} />);
    await userEvent.click(control("Open on Sunday"));
    await fill("Sunday opens", "10:00");
    await fill("Sunday closes", "14:30");
    await userEvent.click(control("Open on Saturday"));
    for (const label of ["Toll-free as shown", "Toll-free to dial", "Instagram", "Financing offer", "Models at 0% financing", "Legal name"])
      await fill(label, "");
    await fill("Estimate APR (%)", "5.49");
    await fill("Lead mail recipients", "leads@sussex.example\n\n  owner@sussex.example ");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const site = sent(onSave);
    expect(site.hours.Sunday).toEqual({ opens: "10:00", closes: "14:30" });
    expect(site.hours.Saturday).toBeNull();
    expect(site.phones.tollFree).toBeUndefined();
    expect(site.phones.service).toEqual(sussex.phones.service);
    expect(site.social).toEqual({ facebook: sussex.social.facebook, youtube: sussex.social.youtube });
    expect(site.financing).toEqual({ url: sussex.financing!.url, defaultApr: 5.49 });
    expect(site.legalName).toBeUndefined();
    expect(site.leadRecipients).toEqual(["leads@sussex.example", "owner@sussex.example"]);
    expect(SiteSchema.parse(site)).toEqual(site);
  });

  it("shows the core schema's messages, in words, under each bad field, and saves nothing", async () => {
    const onSave = vi.fn(async () => {});
    render(<SiteForm defaults={toFormValues(sussex)} isNew={false} onSave={onSave} onCancel={() => {}} />);
    await fill("Toll-free to dial", "800 555");
    await fill("Service line as shown", "");
    await fill("Monday closes", "08:00");
    await fill("Facebook", "facebook.com/dealer");
    await fill("Financing application", "");
    await fill("Lead mail recipients", "leads@sussex.example\nnot an address");
    await fill("Founded in", "soon");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave).not.toHaveBeenCalled();
    expect(described("Toll-free to dial")).toContain("must be in E.164 form");
    expect(described("Service line as shown")).toContain("The number as shown is required");
    expect(described("Monday closes")).toContain("must be later than the opening time");
    expect(described("Facebook")).toContain("must be an http(s) URL");
    expect(described("Financing application")).toContain("must be an http(s) URL");
    expect(described("Lead mail recipients")).toContain("must be an e-mail address");
    expect(described("Founded in")).toContain("must be a year between 1800 and 2100");
    expect(control("Monday closes").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the server's refusal of a field under it", async () => {
    const onSave = vi.fn(async () => ({ "leadRecipients.1": "The server refused it", "phones.service.e164": "Not this one" }));
    render(<SiteForm defaults={toFormValues(sussex)} isNew={false} onSave={onSave} onCancel={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The server refused it")).toBeTruthy();
    expect(described("Service line to dial")).toContain("Not this one");
  });
});
