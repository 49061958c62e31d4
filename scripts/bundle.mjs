// Builds dist/ from src/ with esbuild (npm run build runs tsc first, as the typecheck):
// - dist/cli/main.js: the full commander CLI (src/cli/main.ts) with its dependencies, one file;
// - dist/cli/fast-path.js: what bin/agentmux.js loads first (src/cli/fast-path.ts): it reads
//   argv and nothing more;
// - dist/cli/fast-<verb>.js: each key-bound verb (src/cli/fast-verbs/<verb>.ts) with everything
//   it needs, one file each, loaded by fast-path.js when that verb runs.
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

/** In fast-path.ts, `import("./fast-verbs/next.ts")` is the file dist/cli/fast-next.js, built on its own. */
const verbFiles = {
  name: "fast-verb-files",
  setup(b) {
    b.onResolve({ filter: /^\.\/fast-verbs\/[a-z-]+\.ts$/ }, (args) => ({ path: `./fast-${args.path.slice("./fast-verbs/".length, -3)}.js`, external: true }));
  },
};

rmSync(join(root, "dist"), { recursive: true, force: true });
await Promise.all([
  build({ ...common, entryPoints: ["src/cli/main.ts"] }),
  build({ ...common, entryPoints: ["src/cli/fast-path.ts"], plugins: [verbFiles] }),
  // execa (kill's file has attach, which loads it lazily) and commander stay out of the verbs' files.
  // One build per verb: what it always runs is one file (a build of all verbs together would share
  // their common code through a dozen chunks, each a module for Node to find and load on a key
  // press). Split: what a verb loads only sometimes (the config module on a cache miss, a
  // question's @inquirer/prompts, the switcher's fzf) goes into chunks of its own
  // (dist/cli/fast-<verb>-*.js), read only when it is asked for.
  ...verbs.map((v) => build({ ...common, entryPoints: { [`fast-${v}`]: `src/cli/fast-verbs/${v}.ts` }, external: ["execa", "commander"], splitting: true, chunkNames: `fast-${v}-[hash]` })),
]);
