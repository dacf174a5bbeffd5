let listeners = new AbortController();

/** Listen on `document` until the current test ends (widgets/test-setup.ts removes it). */
export function listenOnDocument(type: string, handler: (event: Event) => void): void {
  document.addEventListener(type, handler, { signal: listeners.signal });
}

/** Remove every listener added with listenOnDocument. */
export function removeDocumentListeners(): void {
  listeners.abort();
  listeners = new AbortController();
}
