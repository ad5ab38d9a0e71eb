import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// A string that names a module (import, export … from, import(), a type's import("…"), vi.mock) is no API path.
const notModuleName = [
  "ImportDeclaration > Literal.source",
  "ExportNamedDeclaration > Literal.source",
  "ExportAllDeclaration > Literal.source",
  "ImportExpression > Literal.source",
  "TSImportType Literal",
  "CallExpression[callee.object.name='vi'] > Literal.arguments",
]
  .map((parent) => `:not(${parent})`)
  .join("");

const clientApiRules = [
  ...[`Literal[value=/\\/api\\//]${notModuleName}`, "TemplateElement[value.raw=/\\/api\\//]"].map((selector) => ({
    selector,
    message: "API paths live in the contracts in common/api; call(contract) instead",
  })),
  ...[
    "TSAsExpression > CallExpression.expression[callee.property.name='json']",
    "TSAsExpression > AwaitExpression.expression > CallExpression[callee.property.name='json']",
  ].map((selector) => ({ selector, message: "An answer is checked, never cast: call(contract) parses it with the contract's schema" })),
];

// A number's toLocaleString with a locale or options is fine; a date's, or one without arguments, is not.
const clientDateRules = [
  "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
  "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]",
  "CallExpression[callee.property.name='toLocaleString'][arguments.length=0]",
].map((selector) => ({ selector, message: "Show dates with formatDateTime / formatDate / formatTime from @/lib/dates" }));

// import-x/no-cycle runs over these: one module importing another that (through any chain, lazy imports
// included) imports it back is an error.
const noCycleFiles = ["client/**/*.{ts,tsx}", "common/**/*.ts", "server/**/*.ts", "extension/**/*.ts"];

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "data/", "server/db/migrations/", "e2e/artifacts/", "extension/.wxt/", ".output/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: noCycleFiles,
    plugins: { "import-x": importX },
    settings: {
      // By default import-x follows only .js files, so a cycle through TypeScript modules would go unseen.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs", ".cjs"],
      // The tsconfig's paths, so @/ and @common/ imports lead to their files.
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
          tsconfig: { configFile: fileURLToPath(new URL("./tsconfig.base.json", import.meta.url)) },
        }),
      ],
    },
    // Packages cannot import our modules back; following imports into node_modules only slows the rule and
    // prints a parse error for pglite's bundled JavaScript on every run.
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Issue 14: every API path lives in its contract in common/api and every answer is checked against it, so
    // the web app writes no path and casts no answer. Module names such as "@common/api/accounts" are not paths.
    // Issue 20: dates are formatted in client/src/lib/dates.ts only, so a screen never shows two formats.
    files: ["client/src/**/*.{ts,tsx}"],
    ignores: ["client/src/lib/dates.ts"],
    rules: { "no-restricted-syntax": ["error", ...clientApiRules, ...clientDateRules] },
  },
  {
    files: ["client/src/lib/dates.ts"],
    rules: { "no-restricted-syntax": ["error", ...clientApiRules] },
  },
  {
    files: ["extension/**/*.ts"],
    languageOptions: { globals: globals.browser },
  },
  {
    // The extension casts nothing: answers are typed by the message protocol (extension/src/messages.ts) and stored
    // values are read through their schemas (StorageItem), so a wrong shape shows as a type error, not at run time.
    // `as const` stays allowed; tests build their doubles freely.
    files: ["extension/src/**/*.ts", "extension/entrypoints/**/*.ts"],
    ignores: ["extension/src/**/*.test.ts"],
    rules: { "@typescript-eslint/consistent-type-assertions": ["error", { assertionStyle: "never" }] },
  },
  {
    files: ["server/**/*.ts", "scripts/**/*.{ts,mjs,js}", "e2e/**/*.{ts,mjs,js}", "*.config.{ts,js}", "extension/wxt.config.ts"],
    languageOptions: { globals: globals.node },
  },
);
