// Builds dist/ from src/ with esbuild (npm run build runs tsc first, as the typecheck):
// - dist/cli/main.js: the full commander CLI (src/cli/main.ts) with its dependencies, one file;
// - dist/cli/mcp.js: the MCP server (src/mcp/server.ts) and the SDK, loaded by `agentmux mcp` only;
// - dist/cli/fast-path.cjs: what bin/agentmux.js loads first (src/cli/fast-path.ts): it reads
//   argv and nothing more;
// - dist/cli/fast-<verb>.cjs: each key-bound verb (src/cli/fast-verbs/<verb>.ts) with everything
//   it needs, one file each, loaded by fast-path.cjs when that verb runs.
// One file per process instead of hundreds of modules is what keeps key presses fast (bench P9):
// Node spends most of a short command's start-up finding, reading and compiling modules.
// Every file sits in dist/cli/, so src/util/install-dir.ts finds the package root two levels up.
import { readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const verbs = readdirSync(join(root, "src", "cli", "fast-verbs")).filter((f) => f.endsWith(".ts") && f !== "run.ts").map((f) => f.slice(0, -3));

const common = {
  absWorkingDir: root,
  outdir: join(root, "dist", "cli"),
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Bundled CommonJS dependencies call require() for Node's built-ins: give every file a real one.
  banner: { js: "import { createRequire as __agentmuxRequire } from \"node:module\";\nconst require = __agentmuxRequire(import.meta.url);" },
  logLevel: "warning",
};

/**
 * The fast path is CommonJS (dist/cli/fast-path.cjs and fast-<verb>.cjs, started by the CommonJS
 * bin/agentmux.js): Node sets up its ES module loader only for ES modules, and that alone costs a
 * key press about a tenth of `node -e ''` (bench P9). Their `import.meta.url` is the file's own URL.
 */
const cjs = {
  ...common,
  format: "cjs",
  outExtension: { ".js": ".cjs" },
  banner: { js: "const __agentmuxUrl = require(\"node:url\").pathToFileURL(__filename).href;" },
  define: { "import.meta.url": "__agentmuxUrl" },
};

/**
 * In fast-path.ts, `import("./fast-verbs/next.ts")` is a require() of the file dist/cli/fast-next.cjs,
 * built on its own (an import() of it would start the ES module loader after all).
 */
const verbFiles = {
  name: "fast-verb-files",
  setup(b) {
    b.onResolve({ filter: /^\.\/fast-verbs\/[a-z-]+\.ts$/ }, (args) => ({ path: args.path.slice("./fast-verbs/".length, -3), namespace: "fast-verb" }));
    b.onLoad({ filter: /.*/, namespace: "fast-verb" }, (args) => ({ contents: `export default require("./fast-${args.path}.cjs").default;`, loader: "js", resolveDir: root }));
    b.onResolve({ filter: /^\.\/fast-[a-z-]+\.cjs$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * `agentmux mcp` loads the MCP server (src/mcp/, with the MCP SDK and zod) from a file of its own,
 * dist/cli/mcp.js: in main.js, `import("../mcp/server.ts")` is an import() of that file, so no other
 * verb reads or compiles the SDK.
 */
const mcpFile = {
  name: "mcp-file",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/mcp\/server\.ts$/ }, () => ({ path: "./mcp.js", external: true }));
  },
};

rmSync(join(root, "dist"), { recursive: true, force: true });
await Promise.all([
  build({ ...common, entryPoints: ["src/cli/main.ts"], plugins: [mcpFile] }),
  build({ ...common, entryPoints: { mcp: "src/mcp/server.ts" } }),
  build({ ...cjs, entryPoints: ["src/cli/fast-path.ts"], plugins: [verbFiles] }),
  // execa (kill's file has attach, which loads it lazily) and commander stay out of the verbs'
  // files. One file per verb, what it loads only sometimes included (the config module on a cache
  // miss: esbuild runs an inlined module's code only when its import() is reached); the npm
  // packages a verb loads only sometimes (a question's @inquirer/prompts, the switcher's fzf) stay
  // packages, imported when asked for.
  ...verbs.map((v) => build({ ...cjs, entryPoints: { [`fast-${v}`]: `src/cli/fast-verbs/${v}.ts` }, external: ["execa", "commander", "@inquirer/prompts", "fzf"] })),
]);
