/** Vehicles per page of the inventory (the host page's grid, and the API's default page): four rows of a wide grid. */
export const INVENTORY_PAGE_SIZE = 24;
/** The largest page the API hands out: a bigger one would be the whole list again, which no-parameter calls already get. */
export const MAX_PAGE_SIZE = 100;
