import { fireEvent, render, screen } from "@testing-library/react";
import { parseListQuery } from "../../domain/inventory-list";
import { InventoryPager, pageRange } from "./inventory-pager";

describe("<InventoryPager> (decision 0065)", () => {
  it("says where the list stands and links to the first, previous, next and last pages, each keeping the filters", () => {
    const pages: number[] = [];
    render(<InventoryPager query={{ status: "sold", sort: "price", order: "desc", page: 3 }} page={3} pageCount={70} onPage={(p) => pages.push(p)} />);
    const nav = screen.getByRole("navigation", { name: "Pages of the list" });
    expect(nav.textContent).toContain("Page 3 of 70");
    const href = (name: string) => screen.getByRole("link", { name }).getAttribute("href")!;
    expect(href("First page")).toBe("/staff?status=sold&sort=price&order=desc");
    expect(href("Previous page, 2")).toBe("/staff?status=sold&sort=price&order=desc&page=2");
    expect(href("Next page, 4")).toBe("/staff?status=sold&sort=price&order=desc&page=4");
    expect(href("Last page, 70")).toBe("/staff?status=sold&sort=price&order=desc&page=70");
    // A link's URL reads back as the same list at that page (a reload, a bookmark, Back).
    expect(parseListQuery(new URL(href("Next page, 4"), "http://x").searchParams)).toEqual({ status: "sold", sort: "price", order: "desc", page: 4 });
    fireEvent.click(screen.getByRole("link", { name: "Next page, 4" }));
    fireEvent.click(screen.getByRole("link", { name: "First page" }));
    expect(pages).toEqual([4, 1]);
  });

  it("on the first page offers no way back; on the last none forward; one page needs no pager", () => {
    const { unmount } = render(<InventoryPager query={{}} page={1} pageCount={2} onPage={() => {}} />);
    expect(screen.queryByRole("link", { name: /Previous|First/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Next page, 2" })).toBeTruthy();
    unmount();
    const last = render(<InventoryPager query={{}} page={2} pageCount={2} onPage={() => {}} />);
    expect(screen.queryByRole("link", { name: /Next|Last/ })).toBeNull();
    last.unmount();
    render(<InventoryPager query={{}} page={1} pageCount={1} onPage={() => {}} />);
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("names the carts a page holds", () => {
    expect(pageRange({ page: 2, pageSize: 50, total: 3_500 })).toBe("Vehicles 51–100 of 3,500");
    expect(pageRange({ page: 3, pageSize: 50, total: 120 })).toBe("Vehicles 101–120 of 120");
    expect(pageRange({ page: 4, pageSize: 50, total: 120 })).toBe("No vehicles on page 4");
    expect(pageRange({ page: 1, pageSize: 50, total: 0 })).toBe("No vehicles");
  });
});
