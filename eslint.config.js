// Lint rules for the whole tree: ESLint's and typescript-eslint's recommended sets,
// the rules of hooks for the React code, and Prettier owning the formatting.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
  prettier,
);
