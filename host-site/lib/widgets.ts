export type { WidgetScript } from "../../widgets/registry";
import type { WidgetScript } from "../../widgets/registry";

/** Where a widget script is served. */
export const widgetScriptSrc = (name: WidgetScript): string => `/widgets/${name}.js`;
