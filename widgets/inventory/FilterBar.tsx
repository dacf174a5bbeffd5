import type { RefObject } from "react";
import { BRAND_OPTIONS, PRICE_OPTIONS, SORT_OPTIONS } from "../../domain/inventory-filter";
import type { FilterChoice } from "./filter-query";

interface Option {
  readonly value: string;
  readonly label: string;
}

function Select({
  name,
  label,
  all,
  options,
  value,
  onChange,
}: {
  name: string;
  label: string;
  /** The "no filter" choice's label; absent for the sort, which always has a value. */
  all?: string;
  options: readonly Option[];
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `gc-inv-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {all !== undefined && <option value="">{all}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The search box, the brand, category and price filters and the sort, applied as they change. */
export function FilterBar({
  choice,
  onChange,
  showBrand,
  categories,
  searchRef,
  label,
  submit,
}: {
  choice: FilterChoice;
  onChange: (next: FilterChoice) => void;
  /** False when the `brand` attribute already fixes the brand. */
  showBrand: boolean;
  /** The category options: the catalogue's categories (categoryOptions). */
  categories: readonly Option[];
  searchRef?: RefObject<HTMLInputElement | null>;
  /** The search landmark's name, distinct per widget on the page. */
  label: string;
  /**
   * A submit button's text: the form is then a GET form whose choices make the page's URL (the site's paged
   * inventory), sent when the visitor asks (a select that navigated as it changed would move them off the page
   * unasked: WCAG 3.2.2). Without it the choices apply as they change.
   */
  submit?: string;
}) {
  const set = (key: keyof FilterChoice) => (value: string) => onChange({ ...choice, [key]: value });
  return (
    <form className="filters" part="filters" role="search" aria-label={label} onSubmit={submit ? undefined : (e) => e.preventDefault()}>
      <div className="field field--search">
        <label htmlFor="gc-inv-q">Search</label>
        <input
          ref={searchRef}
          id="gc-inv-q"
          name="q"
          type="search"
          placeholder="Search by name or description"
          autoComplete="off"
          value={choice.q}
          onChange={(e) => set("q")(e.currentTarget.value)}
        />
      </div>
      {showBrand && <Select name="brand" label="Brand" all="All" options={BRAND_OPTIONS} value={choice.brand} onChange={set("brand")} />}
      <Select name="category" label="Category" all="All" options={categories} value={choice.category} onChange={set("category")} />
      <Select name="price" label="Price" all="All" options={PRICE_OPTIONS} value={choice.price} onChange={set("price")} />
      <Select name="sort" label="Sort by" options={SORT_OPTIONS} value={choice.sort} onChange={set("sort")} />
      {submit && (
        <button type="submit" className="gc-btn">
          {submit}
        </button>
      )}
    </form>
  );
}
