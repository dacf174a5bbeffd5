import { createContext, createElement, useContext, type ReactNode } from "react";
import type { Vehicle } from "../../domain/vehicle";
import { attrType, WIDGETS, type WidgetTag } from "../../widgets/registry";
import { attributeValue, propName } from "../../widgets/shared/attributes";
import { DATA_BLOCK_ATTRIBUTE, vehiclesStore } from "../../widgets/shared/vehicles-store";
import { WidgetContactContext } from "../../widgets/shared/site-contact";
import { widgetContact } from "../../domain/widget-contact";
import { UNBUILT_ASSETS, type SiteAssets } from "../lib/assets";
import { useSite } from "../lib/site-facts";
import { WIDGET_COMPONENTS } from "./widget-components";

/** The widgets' stylesheets of this build (Document provides them). */
export const WidgetCssContext = createContext<SiteAssets["widgetCss"]>(UNBUILT_ASSETS.widgetCss);

/** The server has no element: the components read nothing else of it outside effects, which never run here. */
const SERVER_HOST = { childElementCount: 0 } as HTMLElement;

/** The API origin the page's widgets resolve to on the site itself (resolveApiBase: the page's own origin is ""). */
const SAME_ORIGIN = "";

/** JSON as the text of a script element: no "<" that could end it or open a comment. */
const scriptText = (value: unknown): string => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * A widget element as a partner writes it, with the content the widget's own component renders for these attributes
 * and data in a declarative shadow root: what visitors see before the script runs and with JavaScript off, and what
 * search engines read. The root links the widget's stylesheet (the very styles it adopts: no inline style under the
 * site's Content-Security-Policy). `vehicles` is the vehicle the component shows, also served beside the element as a
 * JSON data block, from which the widget's first render in the browser shows the same content (docs/decisions/0010); a
 * widget that reads no vehicle store (the contact form) gets it as `servedVehicle`.
 */
export function ServedWidget({
  tag,
  attributes = {},
  vehicles,
  content,
}: {
  tag: WidgetTag;
  attributes?: Record<string, string>;
  vehicles?: Vehicle;
  /** The root's content when the page renders it itself (the site's paged inventory), instead of the widget's component. */
  content?: ReactNode;
}) {
  const entry = WIDGETS.find((w) => w.tag === tag)!;
  const stylesheet = useContext(WidgetCssContext)[entry.script];
  const props = Object.fromEntries(entry.attributes.map((a) => [propName(a.name), attributeValue(attrType(a), attributes[a.name] ?? null)]));
  // Rendering is synchronous: the component reads this page's data, and no other page's, from the store.
  const fetchedAt = Date.now();
  vehiclesStore.setState({
    pages: {},
    details: vehicles ? { [`${SAME_ORIGIN}|${vehicles.id}`]: { status: "success", data: vehicles, fetchedAt } } : {},
  });
  const Component = WIDGET_COMPONENTS[tag];
  // The same facts as the script the page loads from this site's own origin carries (api/widget-scripts.ts).
  const contact = widgetContact(useSite().site);
  return (
    <>
      {vehicles ? <script type="application/json" {...{ [DATA_BLOCK_ATTRIBUTE]: "" }} dangerouslySetInnerHTML={{ __html: scriptText(vehicles) }} /> : null}
      {createElement(
        tag,
        attributes,
        createElement(
          "template",
          { shadowrootmode: "open" },
          <link rel="stylesheet" href={stylesheet} />,
          <WidgetContactContext value={contact}>{content ?? <Component {...props} host={SERVER_HOST} served servedVehicle={vehicles} />}</WidgetContactContext>,
        ),
      )}
    </>
  );
}
