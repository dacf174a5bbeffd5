import r2wc from "@r2wc/react-to-web-component";
import type { ComponentType } from "react";
import { ErrorBoundary } from "./ErrorBoundary";
import { adoptStyles } from "./styles";

type AttrType = "string" | "number" | "json";

/** Props every widget component receives besides its attributes. */
export interface WidgetProps {
  /** The custom element itself: for events, and for attributes r2wc skips (empty or boolean ones). */
  host: HTMLElement;
}

interface R2wcProps {
  container?: ShadowRoot;
  [key: string]: unknown;
}

/**
 * Register `tag` as a custom element rendering `Component` in an open shadow
 * root with its styles adopted, behind an error boundary. Defining a tag that
 * already exists is a no-op, so a partner may paste the script twice.
 */
export function defineWidget<P extends object>(
  tag: `gc-${string}`,
  Component: ComponentType<P & WidgetProps>,
  options: { props: { [K in keyof P]-?: AttrType }; css: string },
): void {
  if (typeof customElements === "undefined" || customElements.get(tag)) return;

  function Widget({ container, ...props }: R2wcProps) {
    const host = container?.host as HTMLElement | undefined;
    if (container) adoptStyles(container, options.css);
    return (
      <ErrorBoundary widget={tag} host={host}>
        {host ? <Component {...(props as P)} host={host} /> : null}
      </ErrorBoundary>
    );
  }
  Widget.displayName = `Widget(${tag})`;

  try {
    customElements.define(tag, r2wc(Widget, { shadow: "open", props: options.props }));
  } catch (err) {
    // Another copy of the script may have won a race to define it.
    if (!customElements.get(tag)) console.warn(`[${tag}] could not be defined:`, err);
  }
}
