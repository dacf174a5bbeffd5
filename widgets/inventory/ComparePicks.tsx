import { useEffect, type ReactNode, type RefObject } from "react";
import { COMPARE_MAX, COMPARE_PARAM, comparePath } from "../../domain/compare-path";
import { dealerUrl } from "../shared/api-base";
import { COMPARE_LINK, withUtm } from "../shared/analytics";

/** A card's own pick for the comparison, when the widget keeps the picks (the live grid); absent on the served page. */
export interface Pick {
  checked: boolean;
  /** The comparison is full and this card is not in it. */
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * A card's "Compare" tick: it picks the card for the dealership's comparison page (`/compare?ids=…`, up to COMPARE_MAX
 * carts), as a checkbox named for that page's query, so that the served page's GET form sends it without JavaScript.
 */
export function CompareTick({ id, name, pick }: { id: string; name: string; pick?: Pick }) {
  return (
    <label className="pick" part="compare">
      <input
        type="checkbox"
        name={COMPARE_PARAM}
        value={id}
        {...(pick && { checked: pick.checked, disabled: pick.disabled, onChange: (e) => pick.onChange(e.currentTarget.checked) })}
      />{" "}
      Compare<span className="gc-visually-hidden"> {name}</span>
    </label>
  );
}

const carts = (n: number) => `${n} ${n === 1 ? "cart" : "carts"}`;

/**
 * The live grid's comparison: the carts picked so far, a link to the dealership's comparison of them (the same tab,
 * as the cards' own links) and a way to start again. Shown once a cart is picked, kept at the foot of the screen while
 * the grid is in view, its button first: a page's floating button at the screen's right corner leaves it clear.
 */
export function CompareBar({ picked, apiBase, source, onClear }: { picked: readonly string[]; apiBase: string; source?: string; onClear: () => void }) {
  if (!picked.length) return null;
  return (
    <div className="compare-bar" part="compare-bar" role="region" aria-label="Compare">
      <a className="gc-btn" href={withUtm(dealerUrl(apiBase, comparePath(picked)), apiBase, source)} part="compare-link" {...COMPARE_LINK}>
        Compare {carts(picked.length)}
      </a>
      <button type="button" className="gc-btn gc-btn--ghost" onClick={onClear}>
        Clear
      </button>
      <p>
        {carts(picked.length)} picked{picked.length >= COMPARE_MAX ? `, the most compared at once` : ` (up to ${COMPARE_MAX})`}
      </p>
    </div>
  );
}

/**
 * The served page's comparison: its grid inside a GET form to the site's comparison page, whose button shows once a
 * cart is ticked (a style rule, so it works without JavaScript too: the page sends `?ids=a&ids=b`, which the comparison
 * page reads as it reads its own form's).
 */
export function CompareForm({ children }: { children: ReactNode }) {
  return (
    <form className="compare-form" method="get" action={comparePath([])}>
      {children}
      <div className="compare-bar" part="compare-bar">
        <button type="submit" className="gc-btn" part="compare-link">
          Compare the carts ticked
        </button>
        <p>Tick up to {COMPARE_MAX} carts to compare them side by side.</p>
      </div>
    </form>
  );
}

/** On the served page, with JavaScript: once COMPARE_MAX carts are ticked, the others cannot be. */
export function useCompareLimit(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const form = root.current?.querySelector(".compare-form");
    if (!form) return;
    const onChange = () => {
      const ticks = [...form.querySelectorAll<HTMLInputElement>(`input[name="${COMPARE_PARAM}"]`)];
      const full = ticks.filter((t) => t.checked).length >= COMPARE_MAX;
      for (const t of ticks) t.disabled = full && !t.checked;
    };
    form.addEventListener("change", onChange);
    return () => form.removeEventListener("change", onChange);
  }, [root]);
}
