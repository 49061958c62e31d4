import js from "@eslint/js";
import tseslint from "typescript-eslint";

/**
 * The layers of src/ (docs/layers.md): a folder imports only from its own layer or the ones below
 * it. daemon/ and switcher/ sit in the middle: they use session/backends/accounts/tmux, and only
 * cli/ and their middle siblings import them (lifecycle/ starts the daemon; the daemon drives the
 * exit chain in lifecycle/). No exceptions: backends/ imports nothing from session/ (it uses core/).
 */
const LAYERS = [
  ["tmux", "util", "core"],
  ["session", "backends", "detect", "accounts", "projects", "config"],
  ["lifecycle", "branch", "skills", "prompts", "batch", "control", "mcp", "remote", "route", "chief", "hosts", "doctor", "setup", "daemon", "switcher", "inbox"],
  ["cli"],
];

const ONLY_MAIN_EXITS = {
  selector: "CallExpression[callee.object.name='process'][callee.property.name='exit']",
  message: "Only src/cli/main.ts exits: throw an AgentmuxError instead.",
};

/**
 * The rules for the files of one layer: nothing from a layer above it, at any folder depth:
 * no-restricted-imports for import/export ... from, no-restricted-syntax for a lazy import()
 * (its selector's regex may not hold a "/", hence \x2F).
 */
function layerRule(level) {
  const above = LAYERS.slice(level + 1).flat();
  if (above.length === 0) return [];
  const upward = `^(\\.\\./)+(${above.join("|")})/`;
  const message = `imports flow one way (cli → middle → session/backends/... → tmux/util/core): src/${LAYERS[level].join("|")} may not import ${above.join(", ")}; move the code down instead`;
  return [{
    files: LAYERS[level].map((folder) => `src/${folder}/**`),
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{ regex: upward, message }],
      }],
      "no-restricted-syntax": ["error", ONLY_MAIN_EXITS, { selector: `ImportExpression[source.value=/${upward.replaceAll("/", "\\x2F")}/]`, message }],
    },
  }];
}

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // Terminal screens are full of escape codes: matching them is the point.
      "no-control-regex": "off",
      "no-restricted-syntax": ["error", ONLY_MAIN_EXITS],
    },
  },
  ...LAYERS.flatMap((_, level) => layerRule(level)),
  { files: ["src/cli/main.ts", "test/**", "bench/**", "bin/**", "etc/**", "scripts/**"], rules: { "no-restricted-syntax": "off" } },
  { files: ["**/*.js"], languageOptions: { globals: { process: "readonly", console: "readonly", setTimeout: "readonly", clearTimeout: "readonly", Buffer: "readonly" } } },
  // The phone page (etc/remote/app.js) runs in a browser.
  { files: ["etc/remote/**/*.js"], languageOptions: { globals: { window: "readonly", document: "readonly", navigator: "readonly", location: "readonly", localStorage: "readonly", fetch: "readonly", WebSocket: "readonly", Notification: "readonly", setInterval: "readonly", history: "readonly" } } },
  // bin/agentmux.js is CommonJS (bin/package.json): a key press's process starts without Node's ES module loader.
  { files: ["bin/agentmux.js"], languageOptions: { sourceType: "commonjs", globals: { require: "readonly" } }, rules: { "@typescript-eslint/no-require-imports": "off" } },
);
