import js from "@eslint/js";
import tseslint from "typescript-eslint";

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
      "no-restricted-syntax": ["error", {
        selector: "CallExpression[callee.object.name='process'][callee.property.name='exit']",
        message: "Only src/cli/main.ts exits: throw an AgentmuxError instead.",
      }],
    },
  },
  { files: ["src/cli/main.ts", "test/**", "bench/**", "bin/**", "etc/**"], rules: { "no-restricted-syntax": "off" } },
  { files: ["**/*.js"], languageOptions: { globals: { process: "readonly", console: "readonly", setTimeout: "readonly", clearTimeout: "readonly", Buffer: "readonly" } } },
);
