import { within } from "@testing-library/react";
import { expect, vi } from "vitest";
import { listenOnDocument } from "./document-listeners";

/** The dealership origin the widget tests' fake API answers on. */
export const API = "http://dealer.test";
/** The analytics tags of a link to the dealership from a widget on another site's page (the tests' page is on localhost). */
export const UTM = "utm_source=localhost&utm_medium=widget";

/** A JSON answer, as the API sends one. */
export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** An answer that never comes: the widget stays in its loading state. */
export const never = (): Promise<Response> => new Promise<Response>(() => {});

/**
 * Serve the widget's requests with `answer`, called as the widget calls `fetch` (ky passes a Request), in place of the
 * network for the rest of the test; the returned mock counts and keeps the calls.
 */
export function serveFetch<A extends unknown[]>(answer: (...args: A) => Response | Promise<Response>) {
  // fetch always answers with a promise (ky chains on it), and a failed expectation inside `answer` rejects it.
  const fetch = vi.fn(async (...args: A): Promise<Response> => answer(...args));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** An event that reached the document, as a test compares it. */
export interface SeenEvent {
  type: string;
  detail: unknown;
}

/** Testing Library's queries inside a shadow root (Testing Library takes it for the element it stands in for). */
const queriesIn = (root: ShadowRoot) => within(root as unknown as HTMLElement);
export type ShadowQueries = ReturnType<typeof queriesIn>;

export interface Mounted {
  host: HTMLElement;
  root: ShadowRoot;
  /** Testing Library's queries, inside the widget's shadow root. */
  ui: ShadowQueries;
  /** The events of the `listen` types that reached the document, in order. */
  events: SeenEvent[];
}

/**
 * Put `html` in the page as a partner would, wait until the first `tag` element's shadow root holds an element matching
 * `ready`, and return queries inside it, with the events it sends to the page (by default `gc-error`).
 */
export async function mountWidget(html: string, tag: string, ready: string, listen: readonly string[] = ["gc-error"]): Promise<Mounted> {
  const events: SeenEvent[] = [];
  for (const type of listen) listenOnDocument(type, (e) => events.push({ type, detail: (e as CustomEvent).detail }));
  document.body.innerHTML = html;
  // defineWidget renders in the task after the one that added the element: vi.waitFor lets it (on a fake clock too).
  const host = document.querySelector<HTMLElement>(tag)!;
  await vi.waitFor(() => expect(host.shadowRoot?.querySelector(ready)).toBeTruthy());
  const root = host.shadowRoot!;
  return { host, root, ui: queriesIn(root), events };
}
