// ESLint for the browser game's JavaScript (src/railways/web/static): ES modules run as they
// are by the browser, so the globals are the browser's.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "build/", "dist/"] },
  js.configs.recommended,
  {
    files: ["src/railways/web/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      "no-shadow": "off",
      "no-implicit-globals": "error",
      "no-use-before-define": ["error", { functions: false, classes: false, variables: false }],
    },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
