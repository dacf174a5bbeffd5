/** The colour themes every widget takes: light (default), dark, or auto (following the device's prefers-color-scheme). */
export const THEMES = ["light", "dark", "auto"] as const;

/** The levels a widget's `heading-level` takes for its top heading. */
export const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
