// The test files under the given folders, one a line, sorted: `node --test` of Node 20 does not
// find .ts files in a folder by itself, and npm runs scripts with sh (no ** globstar), so the
// package.json scripts pass `$(node scripts/test-files.mjs test/unit test/architecture)`.
// Also what the test layout check and the coverage line count: how many modules of src/ have a
// unit test of their own (src/a/b.ts ↔ test/unit/a/b.test.ts).
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const ROOT = join(fileURLToPath(import.meta.url), "..", "..");

/** Every file under dir (relative to root) whose name ends with suffix, as posix paths, sorted. */
function filesUnder(root, dir, suffix) {
  const found = [];
  const walk = (abs) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(suffix)) found.push(relative(root, path).split(sep).join("/"));
    }
  };
  walk(join(root, dir));
  return found.sort();
}

/** The .test.ts files of the given folders, recursively, sorted. */
export function testFiles(dirs, root = ROOT) {
  return dirs.flatMap((dir) => filesUnder(root, dir, ".test.ts"));
}

/** The modules of src/ (its .ts files), which of them have a unit test file of their own, and the unit test files that name no module. */
export function unitTestLayout(root = ROOT) {
  const modules = filesUnder(root, "src", ".ts").filter((f) => !f.endsWith(".d.ts"));
  const tests = testFiles(["test/unit"], root);
  const moduleOf = (test) => `src/${test.slice("test/unit/".length, -".test.ts".length)}.ts`;
  const known = new Set(modules);
  return {
    modules,
    tested: modules.filter((m) => tests.some((t) => moduleOf(t) === m)),
    orphans: tests.filter((t) => !known.has(moduleOf(t))),
  };
}

/** What the layout check and the coverage reporter print (each after its "# "). */
export function layoutLine(layout = unitTestLayout()) {
  return `${layout.tested.length} of ${layout.modules.length} modules in src/ have a unit test of their own`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    process.stderr.write("usage: node scripts/test-files.mjs FOLDER...\n");
    process.exitCode = 2;
  } else {
    process.stdout.write(testFiles(dirs, process.cwd()).map((file) => `${file}\n`).join(""));
  }
}
