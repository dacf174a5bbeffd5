import { httpUrl } from "../../domain/http-url";

/**
 * The origin this widget script was loaded from, captured while the script
 * first runs (document.currentScript is only set then). It is the default
 * `api-base`, so one script tag is all a partner page needs.
 */
const scriptOrigin: string | undefined = (() => {
  try {
    const src = (document.currentScript as HTMLScriptElement | null)?.src;
    return src ? new URL(src).origin : undefined;
  } catch {
    return undefined;
  }
})();

/** The API origin a widget talks to: its `api-base` attribute, else where its script came from. */
export function resolveApiBase(attribute?: string | null): string {
  const base = attribute?.trim() || scriptOrigin || globalThis.location?.origin || "";
  return base.replace(/\/+$/, "");
}

/** A path the dealership serves (an image, a page) made absolute against the API origin; "" unless it is http(s). */
export function dealerUrl(apiBase: string, pathOrUrl: string): string {
  return httpUrl(pathOrUrl, `${apiBase}/`) ?? "";
}
