import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { seedCatalogue } from "../../../domain/catalogue/seed";
import { EMPTY_FORM, newCartForm, SPEC_FIELDS, toFormValues, UNIT_FIELDS } from "./form-values";
import { VehicleForm } from "./VehicleForm";

const LABELS = [
  "Name",
  "Price",
  "Brand",
  "Category",
  "Description",
  "Images",
  "In stock",
  "Condition",
  "Featured",
  "Status",
  "Features",
  "External URL",
  "Seating capacity",
  "Range",
  "Top speed",
  "Battery type",
  "Charging time",
  "Payload",
  "Stock number",
  "VIN",
  "Serial number",
  "Year",
  "Colour",
  "Hours",
  "Odometer",
  "Cost (staff only)",
  "Received",
  "Location",
  "Street legal (LSV with title)",
];

// Typing through user-event takes seconds when the machine is loaded; the default 5 s is too tight there.
describe("<VehicleForm>", { timeout: 20_000 }, () => {
  it("labels every field of the schema", () => {
    render(<VehicleForm defaults={{ ...EMPTY_FORM, condition: "used" }} isNew onSave={async () => {}} />);
    for (const label of LABELS) expect(screen.getByLabelText(label, { exact: true })).toBeTruthy();
  });

  it("renders the specifications and the unit's fields from the core's field lists, each with its hint", () => {
    render(<VehicleForm defaults={{ ...EMPTY_FORM, condition: "used" }} isNew onSave={async () => {}} />);
    for (const f of [...SPEC_FIELDS, ...UNIT_FIELDS]) {
      const input = screen.getByLabelText(f.label, { exact: true });
      if (f.hint) expect(document.getElementById(`${input.id}-hint`)!.textContent).toBe(f.hint);
      expect(input.tagName).toBe(f.kind === "site" ? "SELECT" : "INPUT");
      if (f.kind === "date") expect(input.getAttribute("type")).toBe("date");
      if (f.kind === "count") expect(input.getAttribute("inputmode")).toBe("numeric");
    }
  });

  it("asks for hours and odometer only of a used unit", async () => {
    const onSave = vi.fn(async () => {});
    render(<VehicleForm defaults={toFormValues(seedCatalogue()[0]!)} isNew={false} onSave={onSave} />);
    expect(screen.queryByLabelText("Hours")).toBeNull();
    expect(screen.queryByLabelText("Odometer")).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText("Condition"), "Used");
    await userEvent.type(screen.getByLabelText("Hours"), "35");
    expect(screen.getByLabelText("Odometer")).toBeTruthy();
    // Back to New: a reading typed stays in view, where the schema's words say what to do with it.
    await userEvent.selectOptions(screen.getByLabelText("Condition"), "New");
    expect(screen.queryByLabelText("Odometer")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(document.getElementById("v-unit-hours-error")!.textContent).toBe(
      "A new unit has no meter reading: choose Used as the condition, or leave this empty",
    );
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.selectOptions(screen.getByLabelText("Condition"), "Used");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave.mock.calls[0]).toEqual([expect.objectContaining({ condition: "used", hours: 35 })]);
  });

  it("picks the location from the organisation's sites, and keeps a stored one that is none of them", async () => {
    const lots = [
      { id: "sussex-coast", name: "Sussex Coast" },
      { id: "cape-may", name: "Cape May" },
    ];
    const onSave = vi.fn(async () => {});
    render(<VehicleForm defaults={{ ...toFormValues(seedCatalogue()[0]!), location: "old-lot" }} isNew={false} onSave={onSave} lots={lots} />);
    const location = screen.getByLabelText("Location");
    expect(
      within(location)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Not said", "Sussex Coast", "Cape May", "old-lot (not one of your sites)"]);
    expect((location as HTMLSelectElement).value).toBe("old-lot");
    await userEvent.selectOptions(location, "Cape May");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave.mock.calls[0]).toEqual([expect.objectContaining({ location: "cape-may" })]);
  });

  it("shows the core schema's messages under the fields and saves nothing", async () => {
    const onSave = vi.fn(async () => {});
    render(<VehicleForm defaults={EMPTY_FORM} isNew onSave={onSave} />);
    await userEvent.type(screen.getByLabelText("Price"), "cheap");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const price = screen.getByLabelText("Price");
    expect(price.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(price.getAttribute("aria-describedby")!.split(" ").at(-1)!)!.textContent).toBe(
      "Enter the price in whole dollars, like 12995",
    );
    expect(screen.getByLabelText("Name").getAttribute("aria-describedby")).toBe("v-name-error");
    expect(document.getElementById("v-name-error")!.textContent).toBe("Name is required");
    expect(document.getElementById("v-brand-error")!.textContent).toBe("Brand is required");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("sends the vehicle as the core schema parses it, with the user's change", async () => {
    const vehicle = seedCatalogue()[0]!;
    const onSave = vi.fn(async () => {});
    render(<VehicleForm defaults={toFormValues(vehicle)} isNew={false} onSave={onSave} />);
    const price = screen.getByLabelText("Price");
    await userEvent.clear(price);
    await userEvent.type(price, "12345");
    await userEvent.selectOptions(screen.getByLabelText("Status"), "On hold");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const sent = (onSave.mock.calls[0] as unknown[])[0] as Record<string, unknown>;
    expect(sent).toEqual({ ...vehicle, price: 12345, status: "on-hold" });
  });

  it("has one control for new or used: a cart saved as Used is sent as used, never NEW", async () => {
    const onSave = vi.fn(async () => {});
    render(<VehicleForm defaults={toFormValues(seedCatalogue()[0]!)} isNew={false} onSave={onSave} />);
    expect(screen.queryByRole("checkbox", { name: "New" })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText("Condition"), "Used");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave.mock.calls[0]).toEqual([expect.objectContaining({ condition: "used", isNew: false })]);
  });

  it("says the price rule in words for a price with cents", async () => {
    const onSave = vi.fn(async () => {});
    render(<VehicleForm defaults={toFormValues(seedCatalogue()[0]!)} isNew={false} onSave={onSave} />);
    const price = screen.getByLabelText("Price");
    await userEvent.clear(price);
    await userEvent.type(price, "7995.99");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(document.getElementById(price.getAttribute("aria-describedby")!.split(" ").at(-1)!)!.textContent).toBe(
      "Price must be a whole number of dollars from $1 to $250,000",
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses a mistyped VIN under the VIN field, in words, and saves nothing", async () => {
    const onSave = vi.fn(async () => {});
    render(<VehicleForm defaults={toFormValues(seedCatalogue()[0]!)} isNew={false} onSave={onSave} />);
    await userEvent.type(screen.getByLabelText("VIN"), "1M8GDM9A1KP042788");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const vin = screen.getByLabelText("VIN");
    expect(vin.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("v-unit-vin-error")!.textContent).toBe(
      'This VIN\'s check digit (9th character) is "1" but its other characters give "X": a character is mistyped',
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it("sends the unit's fields, numbers as numbers, and shows the server's refusal of a stock number under it", async () => {
    const onSave = vi.fn(async () => ({ stockNumber: "Stock number D-1002 is already on Denago EV Nomad (denago-ev-nomad)" }));
    render(<VehicleForm defaults={toFormValues(seedCatalogue()[0]!)} isNew={false} onSave={onSave} />);
    await userEvent.type(screen.getByLabelText("Cost (staff only)"), "11000");
    await userEvent.type(screen.getByLabelText("VIN"), "1m8gdm9axkp042788");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave.mock.calls[0]).toEqual([expect.objectContaining({ cost: 11_000, vin: "1M8GDM9AXKP042788", stockNumber: "D-1001", year: 2025 })]);
    const stock = screen.getByLabelText("Stock number").closest(".field") as HTMLElement;
    expect(await within(stock).findByText("Stock number D-1002 is already on Denago EV Nomad (denago-ev-nomad)")).toBeTruthy();
  });

  it("shows the server's field errors where they belong", async () => {
    const vehicle = seedCatalogue()[0]!;
    render(
      <VehicleForm defaults={toFormValues(vehicle)} isNew={false} onSave={async () => ({ "specifications.range": "Range is odd", "images.1": "Bad image" })} />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const range = screen.getByLabelText("Range").closest(".field") as HTMLElement;
    expect(await within(range).findByText("Range is odd")).toBeTruthy();
    const images = screen.getByLabelText("Images").closest(".field") as HTMLElement;
    expect(within(images).getByText("Bad image")).toBeTruthy();
  });

  describe("Shown on", () => {
    const SITES = [
      { id: "sussex-coast", name: "Sussex Coast" },
      { id: "cape-may", name: "Cape May" },
    ];
    const cart = seedCatalogue()[0]!;

    it("an organisation-wide account makes a cart on every site exclusive to one, and back to every site", async () => {
      const onSave = vi.fn(async () => {});
      render(<VehicleForm defaults={toFormValues(cart)} isNew={false} onSave={onSave} siteChoices={SITES} />);
      const group = screen.getByRole("group", { name: "Shown on" });
      expect((within(group).getByLabelText("Every site (and sites added later)") as HTMLInputElement).checked).toBe(true);
      await userEvent.click(within(group).getByLabelText("Only the sites ticked"));
      // A cart on every site is, in a list, on each of them.
      expect(
        within(group)
          .getAllByRole("checkbox")
          .map((box) => (box as HTMLInputElement).checked),
      ).toEqual([true, true]);
      await userEvent.click(within(group).getByLabelText("Sussex Coast"));
      await userEvent.click(screen.getByRole("button", { name: "Save" }));
      expect(onSave.mock.calls[0]).toEqual([expect.objectContaining({ sites: ["cape-may"] })]);

      await userEvent.click(within(group).getByLabelText("Every site (and sites added later)"));
      await userEvent.click(screen.getByRole("button", { name: "Save" }));
      expect((onSave.mock.calls[1] as unknown[])[0]).not.toHaveProperty("sites");
    });

    it("refuses a list with no site ticked, in the core schema's words, at the field", async () => {
      const onSave = vi.fn(async () => {});
      render(<VehicleForm defaults={toFormValues({ ...cart, sites: ["cape-may"] })} isNew={false} onSave={onSave} siteChoices={SITES} />);
      await userEvent.click(screen.getByLabelText("Cape May"));
      await userEvent.click(screen.getByRole("button", { name: "Save" }));
      expect(document.getElementById("v-sites-error")!.textContent).toBe("Name at least one site, or leave the sites out to show it on every site");
      expect(onSave).not.toHaveBeenCalled();
    });

    it("a scoped account's new cart starts on its own sites; another site is shown but cannot be ticked, and every site cannot be chosen", async () => {
      const onSave = vi.fn(async () => ({ sites: "Your account may show a cart only on its own sites (cape-may)" }));
      render(<VehicleForm defaults={newCartForm(["cape-may"])} isNew onSave={onSave} siteChoices={SITES} ownSites={["cape-may"]} />);
      const group = screen.getByRole("group", { name: "Shown on" });
      expect(within(group).getByText(/Your account may tick or untick only its own sites \(Cape May\)/)).toBeTruthy();
      expect((within(group).getByLabelText("Every site (and sites added later)") as HTMLInputElement).disabled).toBe(true);
      const sussex = within(group).getByLabelText(/Sussex Coast/) as HTMLInputElement;
      expect([sussex.checked, sussex.disabled]).toEqual([false, true]);
      expect(within(group).getByText("(not your account's)")).toBeTruthy();
      const cape = within(group).getByLabelText("Cape May") as HTMLInputElement;
      expect([cape.checked, cape.disabled]).toEqual([true, false]);
    });

    it("shows the server's refusal at the field", async () => {
      const onSave = vi.fn(async () => ({
        sites: "Your account may show a cart only on its own sites (cape-may), and add or remove only those: sussex-coast is not one of them",
      }));
      render(
        <VehicleForm defaults={toFormValues({ ...cart, sites: ["cape-may"] })} isNew={false} onSave={onSave} siteChoices={SITES} ownSites={["cape-may"]} />,
      );
      await userEvent.click(screen.getByRole("button", { name: "Save" }));
      const group = screen.getByRole("group", { name: "Shown on" });
      expect(await within(group).findByText(/sussex-coast is not one of them/)).toBeTruthy();
    });
  });
});
