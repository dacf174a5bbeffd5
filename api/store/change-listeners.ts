/** The listeners of a store's changes, as every engine of the catalogue and of the sites keeps them. */
export interface ChangeListeners<C> {
  /** Adds a listener (a store's `onChange`); returns what removes it. */
  add(listener: (change: C) => void): () => void;
  /** Calls each listener with each change, in order; one that throws is logged under `prefix`, and the others still hear. */
  tell(changes: readonly C[]): void;
}

/** Change listeners whose failures are logged with `prefix`, e.g. "[catalogue]". */
export function changeListeners<C>(prefix: string): ChangeListeners<C> {
  const listeners = new Set<(change: C) => void>();
  return {
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tell(changes) {
      for (const change of changes)
        for (const listener of listeners) {
          try {
            listener(change);
          } catch (err) {
            console.error(`${prefix} a change listener failed:`, err);
          }
        }
    },
  };
}
