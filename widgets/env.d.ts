/// <reference types="vite/client" />

/** The version of the package this widget code was built from (vite.config.ts `WIDGET_DEFINES`). */
declare const __GC_VERSION__: string;

/** The first site's contact facts as a `"gc-site:…"` literal, which the server replaces with the serving site's (domain/widget-contact.ts). */
declare const __GC_SITE__: string;

/** True in the ES module chunks the loaders import (scripts/build-widgets.ts): their contact facts come from the loader, their origin from import.meta.url. */
declare const __GC_CHUNKED__: boolean;
