import { httpUrl } from "../../domain/http-url";

/**
 * The origin this widget script was loaded from, captured while the script
 * first runs (document.currentScript is only set then). It is the default
 * `api-base`, so one script tag is all a partner page needs.
 */
const scriptOrigin: string | undefined = (() => {
  try {
    // A chunk (decision 0060) is a module, which has no currentScript: it comes from the loader's folder.
    const src = typeof __GC_CHUNKED__ !== "undefined" && __GC_CHUNKED__ ? import.meta.url : (document.currentScript as HTMLScriptElement | null)?.src;
    return src ? new URL(src).origin : undefined;
  } catch {
    return undefined;
  }
})();

/**
 * The API origin a widget talks to: its `api-base` attribute, else where its script came from; "" when that is the
 * page's own origin (the dealership's site) or unknown (the server), whose paths then stay paths: the server renders
 * the same links and image sources as the browser does.
 */
export function resolveApiBase(attribute?: string | null): string {
  const base = (attribute?.trim() || scriptOrigin || "").replace(/\/+$/, "");
  return base === globalThis.location?.origin ? "" : base;
}

/** Stands for the page's own origin while a path is checked: no real origin looks like it. */
const SAME_ORIGIN = "http://_/";

/** A path the dealership serves (an image, a page) against the API origin ("": the page's own, left a path); "" unless it is http(s). */
export function dealerUrl(apiBase: string, pathOrUrl: string): string {
  const url = httpUrl(pathOrUrl, apiBase ? `${apiBase}/` : SAME_ORIGIN) ?? "";
  return url.startsWith(SAME_ORIGIN) ? url.slice(SAME_ORIGIN.length - 1) : url;
}

/**
 * What a failed call's report adds when nothing named the dealership's origin: no `api-base` attribute and no script
 * origin (a bundled copy, such as the npm package's), so the widget asked the page's own origin, which rarely serves
 * the API. "" otherwise.
 */
export function apiBaseHint(attribute?: string | null): string {
  if (attribute?.trim() || scriptOrigin || typeof location === "undefined") return "";
  return ` (no "api-base" given, so ${location.origin} was asked)`;
}
