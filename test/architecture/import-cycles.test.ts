import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** Every relative import of a file (type-only ones too: a cycle of types is still a cycle of concepts). */
function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"(\.{1,2}\/[^"]+)"/gm), ...text.matchAll(/import\("(\.{1,2}\/[^"]+)"\)/g)];
  return found.map((m) => resolve(dirname(file), m[1] ?? ""));
}

/** The first cycle found by a depth-first walk, as a list of files, or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("the layout of src/", () => {
  const files = sources(SRC);
  const graph = new Map(files.map((f) => [f, imports(f)]));

  it("has no import cycle", () => {
    const cycle = findCycle(graph);
    assert.equal(cycle, null, `import cycle: ${(cycle ?? []).map((f) => relative(SRC, f)).join(" → ")}`);
  });

  it("src/core, the shared vocabulary, imports nothing above it", () => {
    const above = files.filter((f) => relative(SRC, f).startsWith("core/")).flatMap((f) => imports(f).filter((i) => !relative(SRC, i).startsWith("core/") && !relative(SRC, i).startsWith("util/")).map((i) => `${relative(SRC, f)} → ${relative(SRC, i)}`));
    assert.deepEqual(above, []);
  });

  it("the walk finds a cycle when there is one", () => {
    assert.deepEqual(findCycle(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]]])), ["a", "b", "c", "a"]);
    assert.equal(findCycle(new Map([["a", ["b"]], ["b", []]])), null);
  });
});
