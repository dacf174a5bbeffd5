import baseCss from "./base.css?inline";

const sheets = new Map<string, CSSStyleSheet | null>();

function constructed(css: string): CSSStyleSheet | null {
  if (!sheets.has(css)) {
    let sheet: CSSStyleSheet | null;
    try {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
    } catch {
      sheet = null;
    }
    sheets.set(css, sheet);
  }
  return sheets.get(css) ?? null;
}

/**
 * Put the shared base styles and a widget's own styles into its shadow root
 * as constructed stylesheets (allowed under a strict CSP with no
 * 'unsafe-inline'), shared by every instance on the page. Browsers without
 * them get a <style> element instead.
 */
export function adoptStyles(root: ShadowRoot, css: string): void {
  const wanted = [baseCss, css];
  const built = wanted.map(constructed);
  if ("adoptedStyleSheets" in root && built.every(Boolean)) {
    const missing = built.filter((s) => !root.adoptedStyleSheets.includes(s!)) as CSSStyleSheet[];
    if (missing.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
    return;
  }
  if (root.querySelector("style[data-gc]")) return;
  const style = document.createElement("style");
  style.dataset.gc = "";
  style.textContent = wanted.join("\n");
  root.prepend(style);
}
