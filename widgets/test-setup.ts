import { afterAll, afterEach, expect, vi } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { describeQueried } from "./testing/shadow-dom";
import { removeDocumentListeners } from "./testing/document-listeners";

// Unexpected console.error output fails the test that caused it.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
// A query that finds nothing inside a shadow root prints the root's markup, as it would a document's.
configure({
  getElementError(message, container) {
    const error = new Error([message, describeQueried(container)].filter(Boolean).join("\n\n"));
    error.name = "TestingLibraryElementError";
    return error;
  },
});

// Every widget test starts from a blank page with real timers and globals and no spies.
afterEach(async () => {
  cleanup();
  removeDocumentListeners();
  document.body.innerHTML = "";
  // Unmounting queues preact's after-paint work on the timers in use: let it run before they change,
  // or the next test's effects wait behind a frame that never comes.
  if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(100);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const seen = errors;
  errors = [];
  expect(seen, "unexpected console.error").toEqual([]);
});

// preact runs an unmount's after-paint work on the next frame, with a 100 ms timer as a fallback that calls
// cancelAnimationFrame: one frame after the file's last test lets it run while the page's globals still exist.
afterAll(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
