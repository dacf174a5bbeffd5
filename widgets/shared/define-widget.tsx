import r2wc from "@r2wc/core";
import { createElement, type ComponentType } from "react";
import { attributeName, attributeValue, type AttrType } from "./attributes";
import { ErrorBoundary } from "./ErrorBoundary";
import { renderInto, unmountFrom } from "./renderer";
import { adoptStyles } from "./styles";
import { replayTyping, typedControls } from "./typed-before-hydration";
import { commonAttributeProblems } from "./attribute-problems";
import { afterThisTask, useReportedProblems } from "./report";

/** Props every widget component receives besides its attributes. */
export interface WidgetProps {
  /** The custom element itself: for events and for the page's own content inside it. */
  host: HTMLElement;
  /**
   * The element came with the content the server rendered for it (a declarative shadow root, docs/decisions/0010):
   * the first render shows that same content, whole, from the data the page carries.
   */
  served?: boolean;
}

/** The version of this copy of the widget code, carried by each element class it defines. */
const VERSION = __GC_VERSION__;

/** An element class with the version of the script that defined it (absent when another script defined the tag). */
type Versioned = CustomElementConstructor & { gcVersion?: string };

// r2wc's own keys on its element (global symbols): its props, whether it may render, and its render.
const PROPS = Symbol.for("r2wc.props");
const CONNECTED = Symbol.for("r2wc.connected");
const RENDER = Symbol.for("r2wc.render");

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
 * Register `tag` as a custom element rendering `Component` in an open shadow root with its styles adopted, behind an
 * error boundary. Every attribute in `props` reaches the component, empty and boolean ones included, whatever order
 * they were written in and whether they were set before or after the script ran: the first render waits until the
 * element is in the page and the task that put it there has ended (microtasks included), by which time the parser,
 * the framework or the script that made it has set them all; a later change renders again. An element that holds a declarative shadow
 * root rendered on the server keeps it, and the widget hydrates it (docs/decisions/0010).
 * Defining a tag that already exists leaves the first definition in place (warning when it came from another
 * version), so a partner may paste the script twice.
 */
export function defineWidget<P extends object>(
  tag: `gc-${string}`,
  Component: ComponentType<P & WidgetProps>,
  options: { props: { [K in keyof P]-?: AttrType } & Record<string, AttrType>; css: string },
): void {
  if (typeof customElements === "undefined" || alreadyDefined(tag)) return;
  // Its theme too (styled by base.css), which the component is not given: a wrong one is named.
  const types = options.props as Record<string, AttrType>;
  const byAttribute = new Map(Object.keys(types).map((prop) => [attributeName(prop), prop]));

  function Widget({ container, theme: _theme, ...props }: { container?: ShadowRoot } & Record<string, unknown>) {
    const host = container?.host as HTMLElement | undefined;
    if (container) adoptStyles(container, options.css);
    useReportedProblems(host, tag, ...(host ? commonAttributeProblems(host, props.headingLevel as number | undefined) : []));
    return (
      <ErrorBoundary widget={tag} host={host}>
        {host ? <Component {...(props as P)} host={host} /> : null}
      </ErrorBoundary>
    );
  }

  type R2wcElement = HTMLElement & Record<symbol, unknown> & { connectedCallback(): void; attributeChangedCallback(): void; [RENDER](): void };
  // r2wc's core with preact's render (./renderer; its React adapter would go through compat's createRoot). The first
  // render of served content hydrates it: the nodes the server rendered stay, and get the widget's listeners
  // (docs/decisions/0010).
  type Props = Record<string, unknown>;
  const paint = (root: HTMLElement, props: Props, first?: boolean) => {
    const served = first && props.served;
    // The served root links the widget's stylesheet; the sheets the widget adopts as it renders (same task) replace it.
    if (served) root.querySelector("link")?.remove();
    const typed = served ? typedControls(root) : [];
    renderInto(root, createElement(Widget, props), Boolean(served));
    replayTyping(typed);
    return root;
  };
  const Base = r2wc(
    Widget as never,
    { shadow: "open", props: Object.keys(types) as never },
    {
      mount: (root, _, props) => paint(root, props as Props, true),
      update: (root, props) => paint(root, props as Props),
      unmount: (root) => unmountFrom(root),
    },
  ) as unknown as new () => R2wcElement;
  class Element extends Base {
    static gcVersion = VERSION;
    constructor() {
      super();
      // r2wc takes a new element for a connected one and renders at its first attribute change: with `source` written
      // before `interest`, the form would start without its interest. It renders once connected (r2wc sets this then).
      this[CONNECTED] = false;
    }
    // r2wc calls this in its constructor. An element the server rendered holds a declarative shadow root, which the
    // browser's attachShadow would empty: it is kept as it is, for the first render to hydrate.
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      const served = this.shadowRoot;
      (this[PROPS] as Record<string, unknown>).served = !!served;
      return served ?? super.attachShadow(init);
    }
    /** Cancels the first render still waiting, when the element is added again before it. */
    #waiting?: () => void;
    // The first render waits for the end of the task that added the element: attributes set in it, also in a
    // microtask after the element was added (as frameworks do), are all there before the first render and its fetch.
    override connectedCallback() {
      this.#waiting?.();
      this.#waiting = afterThisTask(() => {
        this.#waiting = undefined;
        if (this.isConnected) super.connectedCallback();
      });
    }
    // r2wc skips empty and removed attributes; every change counts here.
    override attributeChangedCallback(name?: string, _old?: string | null, value?: string | null) {
      const prop = byAttribute.get(name!)!;
      (this[PROPS] as Record<string, unknown>)[prop] = attributeValue(types[prop]!, value ?? null);
      if (this[CONNECTED]) this[RENDER]();
    }
  }

  const define = () => {
    // Another copy of the script may have defined it meanwhile (this one waited for the first paint).
    if (alreadyDefined(tag)) return;
    try {
      customElements.define(tag, Element as Versioned);
    } catch (err) {
      console.warn(`[${tag}] could not be defined:`, err);
    }
  };
  // Content the page put inside the element is its first screen: let that be shown before the widget takes over.
  // Served content in a declarative shadow root keeps its nodes when hydrated, painted or not; but its first-screen
  // images are let load and paint first, as the first render holds the main thread the browser needs to decode them.
  if (document.querySelector(`${tag} > *`)) whenFirstPaintShown(define);
  else if ([...document.querySelectorAll(tag)].some((el) => el.shadowRoot)) whenFirstPaintShown(() => whenServedImagesShown(tag, define));
  else define();
}

/** Longest wait for a first paint (a page opened in a background tab paints nothing), or for served images. */
const FIRST_PAINT_WAIT_MS = 500;

/**
 * Run `then` once the eager images of every served `tag` element have loaded
 * and the frame that shows them has been painted (at once when there are
 * none, or after FIRST_PAINT_WAIT_MS at most). A vector image is decoded on
 * the main thread: a widget's first render started before that (35 inventory
 * cards hydrated in one task) pushed the page's largest paint, a card's image,
 * 564 ms past its first paint at 4x CPU (docs/benchmarks.md §4).
 */
function whenServedImagesShown(tag: string, then: () => void): void {
  const images = [...document.querySelectorAll(tag)].flatMap((el) => [...(el.shadowRoot?.querySelectorAll<HTMLImageElement>('img[loading="eager"]') ?? [])]);
  if (images.every((img) => img.complete)) return then();
  const wait = (done: () => void) => setTimeout(done, FIRST_PAINT_WAIT_MS);
  const decoded = Promise.all(images.map((img) => img.decode().catch(() => {})));
  // Then the frame that shows them (a background tab paints no frame: then at most the wait).
  const painted = () =>
    new Promise<void>((done) => {
      requestAnimationFrame(() => setTimeout(done));
      wait(done);
    });
  void Promise.race([decoded, new Promise<void>(wait)])
    .then(painted)
    .then(then);
}

/**
 * Run `then` once the page's first contentful paint is on screen: at once if
 * it already is, or if the browser cannot tell. Upgrading an element replaces
 * its served content; done between a frame's paint and its display, Chrome no
 * longer counts that content as painted, and the page's largest paint then
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
