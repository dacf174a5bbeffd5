import type { Vehicle } from "../../domain/vehicle";

/** Marks the data blocks of the dealership's own pages: `<script type="application/json" data-gc-vehicles>`. */
export const DATA_BLOCK_ATTRIBUTE = "data-gc-vehicles";

/**
 * The vehicles the page carries for its widgets, one per data block (host-site/components/ServedWidget.tsx): none on
 * the server, nor on a page without blocks. A block that does not parse is no data. Its own module, so a widget reads
 * the page's data without the vehicle store's HTTP client.
 */
export function pageVehicles(): Vehicle[] {
  const found: Vehicle[] = [];
  for (const el of globalThis.document?.querySelectorAll<HTMLScriptElement>(`script[${DATA_BLOCK_ATTRIBUTE}]`) ?? []) {
    try {
      found.push(JSON.parse(el.text) as Vehicle);
    } catch {
      // Not JSON: the widget fetches it.
    }
  }
  return found;
}
