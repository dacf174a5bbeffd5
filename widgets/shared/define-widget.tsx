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

/** The version of this copy of the widget code, carried by each element class it defines. */
const VERSION = __GC_VERSION__;

/** An element class with the version of the script that defined it (absent when another script defined the tag). */
type Versioned = CustomElementConstructor & { gcVersion?: string };

/**
 * Leave `tag` to the copy that defined it first. The same version twice (a partner pasting the script twice, the
 * all-in-one script beside a single one) is harmless and silent; two versions on one page are not, as the page then
 * runs the first one's code under both scripts: say so, naming both versions.
 */
function alreadyDefined(tag: string): boolean {
  const existing = customElements.get(tag) as Versioned | undefined;
  if (!existing) return false;
  if (existing.gcVersion !== VERSION) {
    console.warn(`[${tag}] already defined by ${existing.gcVersion ? `version ${existing.gcVersion}` : "another script"}; version ${VERSION} not used`);
  }
  return true;
}

/**
 * Register `tag` as a custom element rendering `Component` in an open shadow
 * root with its styles adopted, behind an error boundary. Defining a tag that
 * already exists leaves the first definition in place (warning when it came
 * from another version), so a partner may paste the script twice.
 */
export function defineWidget<P extends object>(
  tag: `gc-${string}`,
  Component: ComponentType<P & WidgetProps>,
  options: {
    props: { [K in keyof P]-?: AttrType };
    css: string;
    /**
     * Keep the height of the content the page prerendered inside the element
     * as the widget's least height, for a widget whose first view is shorter
     * than that content: what follows it on the page then does not move.
     */
    holdPrerenderedHeight?: boolean;
  },
): void {
  if (typeof customElements === "undefined" || alreadyDefined(tag)) return;

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

  const element: Versioned = r2wc(Widget, { shadow: "open", props: options.props });
  element.gcVersion = VERSION;
  const define = () => {
    // Another copy of the script may have defined it meanwhile (this one waited for the first paint).
    if (alreadyDefined(tag)) return;
    const held = options.holdPrerenderedHeight ? prerenderedHeights(tag) : [];
    try {
      customElements.define(tag, element);
    } catch (err) {
      console.warn(`[${tag}] could not be defined:`, err);
    }
    // Set in the task that upgraded the elements: no frame shows them at another height.
    for (const [el, height] of held) el.style.minHeight = `${height}px`;
  };
  // Content the page prerendered inside the element is its first screen: let that be shown before the widget takes over.
  if (document.querySelector(`${tag} > *`)) whenFirstPaintShown(define);
  else define();
}

/** Each not-yet-upgraded `tag` element with prerendered content, and that content's height. */
function prerenderedHeights(tag: string): [HTMLElement, number][] {
  return [...document.querySelectorAll<HTMLElement>(`${tag}:not(:defined)`)]
    .filter((el) => el.childElementCount > 0)
    .map((el) => [el, el.getBoundingClientRect().height]);
}

/** Longest wait for a first paint (a page opened in a background tab paints nothing). */
const FIRST_PAINT_WAIT_MS = 500;

/**
 * Run `then` once the page's first contentful paint is on screen: at once if
 * it already is, or if the browser cannot tell. Upgrading an element hides
 * its prerendered children; done between a frame's paint and its display,
 * Chrome no longer counts them as painted, and the page's largest paint then
 * waits for the widget's script and data (docs/benchmarks.md §4).
 */
function whenFirstPaintShown(then: () => void): void {
  const observable = typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("paint");
  if (!observable || performance.getEntriesByName("first-contentful-paint").length > 0) return then();
  const finish = () => {
    observer.disconnect();
    clearTimeout(timer);
    then();
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length > 0) finish();
  });
  observer.observe({ type: "paint" });
  const timer = setTimeout(finish, FIRST_PAINT_WAIT_MS);
}
