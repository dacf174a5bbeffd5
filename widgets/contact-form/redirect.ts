/** Where the browser goes; a seam so that tests can watch navigation, which jsdom lacks. */
export const navigation = {
  go(url: string): void {
    location.assign(url);
  },
};

/** After a sent message: go to `to`, or stay and say so; `problem` names a bad `redirect` value. */
export type AfterSend = { to: string } | { stay: true; problem?: string };

/**
 * The `redirect` attribute read: absent → the dealership's /thank-you; "" →
 * stay on the page; a URL or path → there, resolved against the host page.
 * Only http(s) targets are followed (never `javascript:`).
 */
export function afterSend(redirect: string | null, apiBase: string, pageHref: string): AfterSend {
  if (redirect === null) return { to: `${apiBase}/thank-you` };
  const value = redirect.trim();
  if (!value) return { stay: true };
  try {
    const url = new URL(value, pageHref);
    if (url.protocol === "http:" || url.protocol === "https:") return { to: url.href };
  } catch {
    // An unparsable value is reported below like any other bad one.
  }
  return { stay: true, problem: `"redirect" must be an http(s) URL or a path, got "${value}"` };
}
