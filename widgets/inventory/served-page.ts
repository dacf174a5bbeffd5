/**
 * Marks the root of a page of the inventory the dealership's own site cut on the server (`/inventory?…`,
 * host-site/components/PagedInventory.tsx): a GET filter form, one page of cards and page links, all working as
 * served. The widget takes it over as it is and never renders it again (docs/decisions/0027-paged-inventory.md).
 */
export const PAGED_ATTRIBUTE = "data-paged";

/** The inner markup of a served page of the inventory in `host`'s shadow root, or undefined when it holds none. */
export const servedPageHtml = (host: Element): string | undefined => host.shadowRoot?.querySelector(`[${PAGED_ATTRIBUTE}]`)?.innerHTML;
