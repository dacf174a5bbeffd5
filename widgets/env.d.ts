/// <reference types="vite/client" />

/** The version of the package this widget code was built from (vite.config.ts `WIDGET_DEFINES`). */
declare const __GC_VERSION__: string;
