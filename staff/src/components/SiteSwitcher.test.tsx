import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { Site } from "../../../domain/site";
import { firstSite } from "../../../domain/site-seed";
import { chooseSite, currentSite, workingSite } from "../current-site";
import { ScreenHeading } from "./ScreenHeading";
import { SiteNote } from "./SiteNote";
import { SiteSwitcher } from "./SiteSwitcher";

const sussex = firstSite();
const capeMay: Site = { ...sussex, id: "cape-may", name: "Cape May Coast Golf Carts", domains: ["capemay.localhost"] };
const sites = [sussex, capeMay];

afterEach(() => {
  chooseSite("");
  document.head.querySelector('meta[name="gc-organisation"]')?.remove();
});

describe("the site a page works on", () => {
  it("is the one chosen in the header; with All sites, the one the console is served as; else the account's first", () => {
    expect(workingSite(sites, "cape-may", "localhost:4530")?.id).toBe("cape-may");
    expect(workingSite(sites, "", "capemay.localhost:4530")?.id).toBe("cape-may");
    expect(workingSite(sites, "", "localhost:4530")?.id).toBe("sussex-coast");
    expect(workingSite([capeMay], "", "localhost:4530")?.id).toBe("cape-may");
    expect(workingSite(sites, "gone", "localhost:4530")?.id).toBe("sussex-coast");
    expect(workingSite([], "", "localhost")).toBeUndefined();
  });

  it("a page that works on one site names it, and says where to choose another when there is a choice", () => {
    const { rerender } = render(
      <SiteNote site={capeMay} switchable>
        The partner origins of
      </SiteNote>,
    );
    expect(screen.getByText(/The partner origins of/).textContent).toBe(
      "The partner origins of Cape May Coast Golf Carts, the site chosen in the header's Site list.",
    );
    rerender(
      <SiteNote site={capeMay} switchable={false}>
        The partner origins of
      </SiteNote>,
    );
    expect(screen.getByText(/The partner origins of/).textContent).toBe("The partner origins of Cape May Coast Golf Carts.");
  });
});

describe("the header's site switcher", () => {
  it("on a page that works on one site, shows that site (no All sites), and choosing another changes the console's choice", async () => {
    render(<SiteSwitcher sites={sites} chosen="" working={sussex} perSite />);
    const select = screen.getByLabelText<HTMLSelectElement>("Site");
    expect(select.selectedOptions[0]?.textContent).toBe("Sussex Coast Golf Carts");
    expect([...select.options].map((o) => o.textContent)).toEqual(["Sussex Coast Golf Carts", "Cape May Coast Golf Carts"]);
    await userEvent.selectOptions(select, "Cape May Coast Golf Carts");
    expect(currentSite()).toBe("cape-may");
  });

  it("elsewhere offers All sites, and shows the choice", () => {
    const { rerender } = render(<SiteSwitcher sites={sites} chosen="" working={sussex} perSite={false} />);
    expect(screen.getByLabelText<HTMLSelectElement>("Site").selectedOptions[0]?.textContent).toBe("All sites");
    rerender(<SiteSwitcher sites={sites} chosen="cape-may" working={capeMay} perSite={false} />);
    expect(screen.getByLabelText<HTMLSelectElement>("Site").selectedOptions[0]?.textContent).toBe("Cape May Coast Golf Carts");
  });

  it("with one site, names it instead of offering a choice", () => {
    render(<SiteSwitcher sites={[capeMay]} chosen="" working={capeMay} perSite />);
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.getByText("Cape May Coast Golf Carts").closest("p")?.textContent).toBe("Site Cape May Coast Golf Carts");
  });

  it("with one site named as the organisation (a deployment of one site), names nothing twice", () => {
    const { container } = render(<SiteSwitcher sites={[sussex]} chosen="" working={sussex} perSite organisation="Sussex Coast Golf Carts" />);
    expect(container.textContent).toBe("");
  });
});

describe("the console's title", () => {
  it("names the screen and the organisation the server wrote into the page, not a site", () => {
    const meta = document.createElement("meta");
    meta.name = "gc-organisation";
    meta.content = "Coast Carts Group";
    document.head.append(meta);
    render(<ScreenHeading title="Partner origins" />);
    expect(document.title).toBe("Partner origins · Staff console · Coast Carts Group");
  });
});
