/** A success message carried to the next screen (e.g. "Created …" after a create navigates to the vehicle's page). */

/** Go to a console path (as `navigate` does) with a message for the screen there, kept in the history entry's state. */
export function navigateWithNotice(path: string, text: string): void {
  history.pushState({ notice: text }, "", path);
  // The router re-renders on popstate, as on the browser's back and forward.
  window.dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
}

/** The message the navigation to this screen carried, or null. */
export function arrivalNotice(): string | null {
  const state: unknown = history.state;
  return state && typeof state === "object" && "notice" in state && typeof state.notice === "string" ? state.notice : null;
}
