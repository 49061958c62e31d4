import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const ENTRY = resolve(ROOT, "src/cli/fast-path.ts");
/** What the key-bound verbs must never load: each costs them more than their start-up budget. */
const BANNED = /^(commander|execa|yaml)(\/|$)/;
/**
 * Lazy imports the fast path may reach, each a dynamic import() that runs only when it must
 * (a static import of the same module fails the test): from → to, and why.
 */
const ALLOWED_LAZY = new Map([
  ["src/cli/fast-verbs/run.ts → src/config/config.ts", "the verbs that read the config load it when they run (and the YAML parser only when there is a config file)"],
  ["src/cli/switcher-settings.ts → src/config/config.ts", "the switcher reads the config only when a config file exists"],
  ["src/inbox/open.ts → src/detect/load.ts", "the inbox reads the manifests (YAML) when it checks its first answer, never to open"],
  ["src/cli/manage.ts → execa", "attach (in the same file as kill) loads execa when it runs; kill never does"],
]);

interface Edge { to: string; lazy: boolean }

/** A module's imports: static ones (type-only ones dropped, as the compiler drops them) and dynamic import("…") of literals. */
export function importsOf(text: string): Edge[] {
  const statics = [...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+"([^"]+)"/gm), ...text.matchAll(/^\s*import\s+"([^"]+)"/gm)];
  const dynamics = [...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)];
  return [...statics.map((m) => ({ to: m[1] ?? "", lazy: false })), ...dynamics.map((m) => ({ to: m[1] ?? "", lazy: true }))];
}

/** Every chain from the entry to a banned package, through relative imports, not through an allowed lazy import. */
export function bannedChains(entry: string, read: (file: string) => string | null): string[] {
  const name = (file: string) => relative(ROOT, file);
  const parent = new Map<string, string | null>([[entry, null]]);
  const chain = (file: string): string[] => { const up = parent.get(file); return up ? [...chain(up), name(file)] : [name(file)]; };
  const found: string[] = [];
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const text = read(file);
    if (text === null) continue;
    for (const edge of importsOf(text)) {
      const relativeImport = edge.to.startsWith(".");
      const target = relativeImport ? resolve(dirname(file), edge.to) : edge.to;
      if (edge.lazy && ALLOWED_LAZY.has(`${name(file)} → ${relativeImport ? name(target) : target}`)) continue;
      if (!relativeImport) {
        if (BANNED.test(edge.to)) found.push([...chain(file), edge.to].join(" → "));
      } else if (!parent.has(target)) {
        parent.set(target, file);
        queue.push(target);
      }
    }
  }
  return found;
}

const readSource = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : null);

describe("the fast paths (key bindings, hooks) never load commander, execa or yaml", () => {
  it("no chain of imports from src/cli/fast-path.ts reaches one", () => {
    assert.deepEqual(bannedChains(ENTRY, readSource), []);
  });

  it("the walk reaches every fast verb's module (so the check above covers them)", () => {
    const reached: string[] = [];
    bannedChains(ENTRY, (file) => { reached.push(relative(ROOT, file)); return readSource(file); });
    for (const verb of ["next", "snooze", "menu", "kill", "list", "publish", "hook", "switch", "inbox"]) {
      assert.ok(reached.includes(`src/cli/fast-verbs/${verb}.ts`), `src/cli/fast-verbs/${verb}.ts not reached`);
    }
    for (const command of ["next", "snooze", "menu", "manage", "list", "publish", "hook"]) assert.ok(reached.includes(`src/cli/${command}.ts`), command);
  });

  it("fails naming the chain when a fast path imports one of them", () => {
    const withImport = (file: string, line: string) => (f: string) => { const text = readSource(f); return f === resolve(ROOT, file) && text !== null ? `${line}\n${text}` : text; };
    assert.deepEqual(bannedChains(ENTRY, withImport("src/cli/fast-path.ts", `import "commander";`)), ["src/cli/fast-path.ts → commander"]);
    const deep = bannedChains(ENTRY, withImport("src/session/roster.ts", `import { execa } from "execa";`));
    assert.equal(deep.length, 1);
    assert.match(deep[0] ?? "", /^src\/cli\/fast-path\.ts → src\/cli\/fast-verbs\/[a-z]+\.ts → .* → src\/session\/roster\.ts → execa$/);
    // An allowed lazy import made static is no longer allowed.
    assert.deepEqual(bannedChains(ENTRY, withImport("src/cli/manage.ts", `import { execa } from "execa";`)), [
      "src/cli/fast-path.ts → src/cli/fast-verbs/kill.ts → src/cli/manage.ts → execa",
    ]);
    // The config module reaches no YAML parser statically (it requires yaml when it first reads a
    // text), so a verb with no config file never loads one; a static import of yaml there would.
    const config = resolve(ROOT, "src/config/config.ts");
    assert.deepEqual(bannedChains(config, readSource), []);
    assert.match(bannedChains(config, withImport("src/config/validate.ts", `import { parse } from "yaml";`)).join("\n"), /src\/config\/config\.ts → src\/config\/validate\.ts → yaml/);
  });

  it("a type-only import does not count; a value import with inline type specifiers does", () => {
    assert.deepEqual(importsOf(`import type { Command } from "commander";\nimport { type Config } from "./config.ts";`), [{ to: "./config.ts", lazy: false }]);
  });
});
