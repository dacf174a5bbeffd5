/** Carts a comparison holds side by side. */
export const COMPARE_MAX = 3;
/** The query parameter that lists a comparison's vehicle ids, comma-separated (or repeated, as a GET form sends them). */
export const COMPARE_PARAM = "ids";

/** The address of a comparison of `ids`, shareable: `/compare?ids=a,b,c` (this file imports nothing: widgets link to it). */
export const comparePath = (ids: readonly string[]): string => (ids.length ? `/compare?${COMPARE_PARAM}=${ids.join(",")}` : "/compare");
