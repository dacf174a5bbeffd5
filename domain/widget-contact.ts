/**
 * The contact facts a widget shows (docs/decisions/0028-widget-scripts-per-site.md): the main and
 * toll-free phones and the financing link of the site its script is served from. The build writes the first site's
 * into each widget script as one string literal, `"gc-site:…"`; the server swaps that literal for the serving site's
 * (api/widget-scripts.ts) and the script reads it back once it runs.
 */
import type { FinancingTerms } from "./payment";
import type { Site, SitePhone } from "./site";

export interface WidgetContact {
  main: SitePhone;
  /** The toll-free line, when the site has one. */
  tollFree?: SitePhone;
  /** The outside financing application; absent, no financing link is shown. */
  financingUrl?: string;
  /** Where payment estimates start: the owner's APR and the models at 0% (absent: the fallback rate, no offer). */
  financingTerms?: FinancingTerms;
}

/** What begins the literal that carries a script's contact facts. */
export const CONTACT_LITERAL_PREFIX = "gc-site:";

/** The literal in a built script, quotes included: its text holds no quote of its own, backslash or line break. */
export const CONTACT_LITERAL = /(["'`])gc-site:(?:(?!\1)[^\\\n\r\u2028\u2029])*\1/;

/** A site's contact facts, as its widgets show them. */
export const widgetContact = ({ phones, financing }: Pick<Site, "phones" | "financing">): WidgetContact => ({
  main: { display: phones.main.display, e164: phones.main.e164 },
  ...(phones.tollFree ? { tollFree: { display: phones.tollFree.display, e164: phones.tollFree.e164 } } : {}),
  ...(financing ? { financingUrl: financing.url } : {}),
  ...(financing && (financing.defaultApr !== undefined || financing.zeroApr?.length)
    ? { financingTerms: { ...(financing.defaultApr !== undefined ? { defaultApr: financing.defaultApr } : {}), zeroApr: financing.zeroApr ?? [] } }
    : {}),
});

/**
 * The string a script carries for these facts: the prefix, then a JSON array of the five values (short, as it ships in
 * every script) with `%`, quotes other than `"`, backslashes and line breaks percent-encoded and `"` written as `'`, so
 * the minifier writes it verbatim between double quotes. The estimate's terms follow (APR, then the 0% models joined by commas).
 */
export function contactLiteral({ main, tollFree, financingUrl, financingTerms }: WidgetContact): string {
  const json = JSON.stringify([
    main.display,
    main.e164,
    tollFree?.display ?? "",
    tollFree?.e164 ?? "",
    financingUrl ?? "",
    String(financingTerms?.defaultApr ?? ""),
    financingTerms?.zeroApr?.join(",") ?? "",
  ]);
  // encodeURIComponent writes "'" as it is, so it only takes the two line separators, which are not ASCII.
  const escape = (c: string) => (c < "\x80" ? `%${c.charCodeAt(0).toString(16).padStart(2, "0")}` : encodeURIComponent(c));
  return CONTACT_LITERAL_PREFIX + json.replace(/[%'`\\\n\r\u2028\u2029]/g, escape).replace(/"/g, "'");
}

/** The facts a script's literal carries. */
export function readContactLiteral(literal: string): WidgetContact {
  const [display, e164, tollDisplay, tollE164, financingUrl, apr = "", zeroApr = ""] = JSON.parse(
    decodeURIComponent(literal.slice(CONTACT_LITERAL_PREFIX.length).replace(/'/g, '"')),
  ) as string[];
  return {
    main: { display: display!, e164: e164! },
    ...(tollDisplay ? { tollFree: { display: tollDisplay, e164: tollE164! } } : {}),
    ...(financingUrl ? { financingUrl } : {}),
    ...(apr || zeroApr ? { financingTerms: { ...(apr ? { defaultApr: Number(apr) } : {}), zeroApr: zeroApr ? zeroApr.split(",") : [] } } : {}),
  };
}
