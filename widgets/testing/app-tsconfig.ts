/** The compiler options of a typical React 19 app with a bundler, as the tests that compile an app against the widgets' types use them. */
export const APP_COMPILER_OPTIONS = {
  target: "ES2022",
  module: "ESNext",
  moduleResolution: "bundler",
  jsx: "react-jsx",
  strict: true,
  // The declarations reference zod and preact types the package bundles (widgets/package/README.md): as in most apps.
  skipLibCheck: true,
  noEmit: true,
  lib: ["ES2023", "DOM", "DOM.Iterable"],
  types: [],
} as const;
