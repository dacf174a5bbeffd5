import type { ReactNode } from "react";
import type { SiteAssets } from "../lib/assets";
import { dealerJsonLd } from "../lib/json-ld";
import { absoluteUrl, defaultShareImageAlt, keywordList, type PageMeta } from "../lib/seo";
import { useSite } from "../lib/site-facts";
import { DEFAULT_SHARE } from "../lib/share-image";
import { widgetScriptSrc, type WidgetScript } from "../lib/widgets";
import { FloatingCall } from "./FloatingCall";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { JsonLd } from "./JsonLd";
import { WidgetCssContext } from "./ServedWidget";

export interface DocumentProps {
  meta: PageMeta;
  /** The path the page is served at, for the active navigation item. */
  currentPath: string;
  assets: SiteAssets;
  /** Widget scripts the page composes. */
  scripts?: readonly WidgetScript[];
  children: ReactNode;
}

/** A whole page: head with every findability tag, header, main, footer and the global widget. */
export function Document({ meta, currentPath, assets, scripts = [], children }: DocumentProps) {
  const b = useSite();
  const canonical = absoluteUrl(b, meta.path);
  const share = meta.image ?? DEFAULT_SHARE;
  const image = absoluteUrl(b, share.path);
  const imageAlt = meta.imageAlt ?? defaultShareImageAlt(b);
  const type = meta.type ?? "website";
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        <meta name="keywords" content={keywordList(b, meta.keywords)} />
        {meta.noindex ? <meta name="robots" content="noindex, follow" /> : null}
        <link rel="canonical" href={canonical} />
        {meta.prev ? <link rel="prev" href={absoluteUrl(b, meta.prev)} /> : null}
        {meta.next ? <link rel="next" href={absoluteUrl(b, meta.next)} /> : null}
        <meta property="og:site_name" content={b.name} />
        <meta property="og:locale" content="en_US" />
        <meta property="og:type" content={type} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:image" content={image} />
        <meta property="og:image:type" content={share.type} />
        <meta property="og:image:width" content={String(share.width)} />
        <meta property="og:image:height" content={String(share.height)} />
        <meta property="og:image:alt" content={imageAlt} />
        {meta.product ? (
          <>
            <meta property="product:price:amount" content={String(meta.product.price)} />
            <meta property="product:price:currency" content="USD" />
            <meta property="product:availability" content={meta.product.availability} />
            <meta property="product:condition" content={meta.product.condition} />
          </>
        ) : null}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={image} />
        <meta name="twitter:image:alt" content={imageAlt} />
        <meta name="theme-color" content="#0c2d3c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} />
        <noscript>
          <link rel="stylesheet" href={assets.noscriptCss} />
        </noscript>
        <script src={assets.menuJs} defer />
        {scripts.map((s) => (
          <script key={s} src={widgetScriptSrc(s)} defer />
        ))}
        {[...new Map(scripts.flatMap((s) => assets.widgetChunks?.[s] ?? []).map((c) => [c.href, c])).values()].map((c) => (
          <link key={c.href} rel="modulepreload" href={c.href} integrity={c.integrity} crossOrigin="anonymous" />
        ))}
        <JsonLd data={dealerJsonLd(b)} />
        {(meta.jsonLd ?? []).map((data, i) => (
          <JsonLd key={i} data={data} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <Header currentPath={currentPath} />
        <main id="main" tabIndex={-1}>
          <WidgetCssContext value={assets.widgetCss}>{children}</WidgetCssContext>
        </main>
        <Footer />
        <FloatingCall />
      </body>
    </html>
  );
}
