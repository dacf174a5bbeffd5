/** The widget scripts a page may load, each served at /widgets/<name>.js. */
export const WIDGET_SCRIPTS = ["inventory", "vehicle-detail", "rental-pricing", "eco-calculator", "contact-form"] as const;
export type WidgetScript = (typeof WIDGET_SCRIPTS)[number];

export const widgetScriptSrc = (name: WidgetScript): string => `/widgets/${name}.js`;
