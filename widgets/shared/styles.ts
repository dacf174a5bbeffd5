import baseCss from "./base.css?inline";

const sheets = new Map<string, CSSStyleSheet>();

function constructed(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/**
 * Put the shared base styles and a widget's own styles into its shadow root
 * as constructed stylesheets (allowed under a strict CSP with no
 * 'unsafe-inline'), shared by every instance on the page. Every browser that
 * parses declarative shadow roots has them (the server links the same styles
 * in the roots it renders, docs/decisions/0010); one without them shows the
 * widget unstyled rather than not at all.
 */
export function adoptStyles(root: ShadowRoot, css: string): void {
  try {
    const missing = [baseCss, css].map(constructed).filter((s) => !root.adoptedStyleSheets.includes(s));
    if (missing.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
  } catch {
    // No constructable stylesheets (Safari before 16.4, jsdom).
  }
}
