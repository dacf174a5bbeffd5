// Lint rules for the whole tree: ESLint's and typescript-eslint's recommended sets,
// the rules of hooks for the React code, and Prettier owning the formatting.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers (docs/architecture.md, "Layers"): each may import the ones below it, never one above.
 * Relative imports are matched by where they climb to, so `../../middleware/x` from `api/store/pg/` counts.
 */
const climbsTo = (folders) => `^(\\.\\./)+(${folders.join("|")})(/|$)`;
/** The core: schemas, rules and facts, framework-free. */
const DOMAIN_ONLY = [
  {
    regex: climbsTo(["api", "server", "host-site", "widgets", "staff", "demo", "scripts", "bench", "tests"]),
    message: "domain/ is the core: it imports nothing from the shells around it.",
  },
];
const FRAMEWORKS = ["express", "react", "react-dom", "preact"].map((name) => ({ name, message: "domain/ imports neither React nor Express." }));
/** The API serves data; the process that puts it beside the site and the partner demo is server/main.ts. */
const API_ONLY = [
  {
    regex: climbsTo(["server", "host-site", "widgets", "staff", "demo"]),
    message: "api/ imports nothing from the site, the widgets, the console or the demo: server/main.ts composes them.",
  },
];
/** The HTTP layer (app, router, routes, middleware) sits above the stores, the photo pipeline, the mail and the CLIs. */
const BELOW_HTTP = [
  {
    regex: climbsTo(["middleware", "routes", "app", "api-router"]),
    message: "Stores, photos, auth, mail, backup and the CLIs sit below the HTTP layer: throw HttpError from api/http-error.ts.",
  },
];
const BELOW_ROUTES = [{ regex: climbsTo(["routes"]), message: "Middleware sits below the routes." }];
/** A widget's folder shares code with the others only through widgets/shared/ (and the core). */
const WIDGET_ONLY = [
  {
    regex: "^\\.\\./(?!shared/|testing/|\\.\\./)[^/]+/",
    message: "A widget imports another widget's code only through widgets/shared/: move what both use there.",
  },
];
/** Production code of api/; its tests and test servers may start anything. */
const apiLayer = (files, patterns) => ({
  files,
  ignores: ["api/testing/**", "**/*.test.ts"],
  rules: { "no-restricted-imports": ["error", { patterns: [...API_ONLY, ...patterns] }] },
});

export default tseslint.config(
  { ignores: ["dist/", ".tmp/", "data/", "coverage/", "host-site/public/", "bench/results/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["**/*.tsx", "widgets/**/*.ts", "staff/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // Code about control characters (escaping, neutralising them in mail and CSV) names them in its patterns.
    files: ["domain/escape.ts", "**/*.test.ts"],
    rules: { "no-control-regex": "off" },
  },
  {
    // Playwright fixtures take their dependencies as a destructured object, empty when there are none.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  { files: ["domain/**/*.ts"], rules: { "no-restricted-imports": ["error", { paths: FRAMEWORKS, patterns: DOMAIN_ONLY }] } },
  {
    files: ["widgets/*/**/*.{ts,tsx}"],
    ignores: ["widgets/{shared,testing,package,loader}/**"],
    rules: { "no-restricted-imports": ["error", { patterns: WIDGET_ONLY }] },
  },
  apiLayer(["api/**/*.ts"], []),
  apiLayer(["api/middleware/**/*.ts"], BELOW_ROUTES),
  apiLayer(["api/{store,photos,auth,mail,backup,cli}/**/*.ts"], BELOW_HTTP),
  prettier,
);
