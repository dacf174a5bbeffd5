import { render, screen, within } from "@testing-library/react";
import { testVehicle } from "../../domain/testing/test-vehicle";
import { InventoryTable } from "./inventory-table";

describe("<InventoryTable>'s Sites column", () => {
  it("names each cart's sites, by their names (an id no site has, as it is), or says Every site", () => {
    const rows = [testVehicle("everywhere"), testVehicle("two", { sites: ["sussex-coast", "cape-may"] }), testVehicle("old", { sites: ["gone-site"] })];
    const names = new Map([
      ["sussex-coast", "Sussex Coast"],
      ["cape-may", "Cape May"],
    ]);
    render(
      <InventoryTable
        rows={rows}
        query={{}}
        onSort={() => {}}
        today={new Date()}
        selected={new Set()}
        onSelect={() => {}}
        busy={null}
        onMark={() => {}}
        siteNames={names}
      />,
    );
    expect(screen.getByRole("columnheader", { name: "Sites" })).toBeTruthy();
    const cells = rows.map((v) => within(document.querySelector(`tr[data-vehicle-id="${v.id}"]`) as HTMLElement).getByText(/site|Sussex|gone/i).textContent);
    expect(cells).toEqual(["Every site", "Sussex Coast, Cape May", "gone-site"]);
  });
});
