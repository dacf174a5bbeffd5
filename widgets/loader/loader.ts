/**
 * The classic script a partner's tag loads (`gc-widgets.js`, or one widget's `<name>.js`): a few hundred bytes that
 * import each element's code as an ES module chunk when the element is on the page, from the folder the script itself
 * came from (decision 0060). Every chunk is checked against the hash the build baked in here (a `modulepreload` link
 * with `integrity`, fetched before the module is imported), so a release pinned with SRI on this script pins its
 * chunks too. The chunks share one runtime chunk; the module map fetches each URL once per page, however many loaders
 * ask for it.
 */

/** Each tag this script defines → the chunks it needs, those it imports first and its own last (scripts/build-widgets.ts). */
declare const __GC_LOADS__: Record<string, readonly string[]>;
/** Each of those chunks → its SRI value. */
declare const __GC_INTEGRITY__: Record<string, string>;
/** One widget's script: load it at once, as the partner asked for it by name; the all-in-one waits for its tags. */
declare const __GC_EAGER__: boolean;

/** What loaders share on a page: the contact literal per folder (widgets/shared/script-contact.ts reads it), the chunk URLs asked for. */
interface LoaderState {
  sites: Record<string, string>;
  asked: Record<string, true>;
}

const loaderScript = document.currentScript as HTMLScriptElement | null;
// The folder the chunks are in: this script's own (another origin's, a pinned release's); the page's /widgets/ when unknown.
const base = new URL(".", loaderScript?.src || new URL("/widgets/", location.href)).href;
const state: LoaderState = ((globalThis as { __gcWidgets?: LoaderState }).__gcWidgets ??= { sites: {}, asked: {} });
state.sites[base] ??= __GC_SITE__;

function preload(file: string): string {
  const href = new URL(file, base).href;
  if (!state.asked[href]) {
    state.asked[href] = true;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "anonymous";
    link.integrity = __GC_INTEGRITY__[file]!;
    link.href = href;
    (document.head ?? document.documentElement).append(link);
  }
  return href;
}

function load(tag: string): void {
  const files = __GC_LOADS__[tag]!;
  // Dependencies first, so the element's chunk finds them in the module map already fetching, with their hashes.
  const urls = files.map(preload);
  import(/* @vite-ignore */ urls.at(-1)!).catch((error: unknown) => {
    console.error(`[${tag}] its code could not be loaded from ${urls.at(-1)}: ${error instanceof Error ? error.message : String(error)}`);
  });
}

const waiting = new Set(Object.keys(__GC_LOADS__));
const take = (tag: string): void => {
  waiting.delete(tag);
  load(tag);
  if (!waiting.size) observer?.disconnect();
};
const scan = (): void => {
  for (const tag of waiting) if (__GC_EAGER__ || document.getElementsByTagName(tag)[0]) take(tag);
};
// Elements added later (a framework rendering, the parser still going when the script runs without defer).
const observer: MutationObserver | undefined = __GC_EAGER__ ? undefined : new MutationObserver(scan);
observer?.observe(document, { childList: true, subtree: true });
if (!__GC_EAGER__) {
  // A page's script that waits for an element's definition before making one (customElements.whenDefined) loads it too.
  const whenDefined = customElements.whenDefined.bind(customElements);
  customElements.whenDefined = (name: string) => {
    if (waiting.has(name)) take(name);
    return whenDefined(name);
  };
}
scan();
