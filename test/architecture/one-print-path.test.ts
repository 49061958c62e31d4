import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const SRC = join(import.meta.dirname, "..", "..", "src");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/**
 * What agentmux prints goes through util/terminal-text.ts: out, err and warn take a Shown, which
 * only that file makes (values in a `shown` template made safe, a `block`, agentmux's own escapes).
 * A direct write to standard output or error would skip it. (The pickers and popups draw frames
 * on the stream they are given; their texts are cleaned where they are laid out.)
 */
describe("what agentmux prints goes through terminal-text.ts", () => {
  it("no file but util/terminal-text.ts writes to process.stdout or process.stderr, and none logs to the console", () => {
    const found: string[] = [];
    for (const file of files(SRC)) {
      const where = relative(SRC, file);
      if (where === "util/terminal-text.ts") continue;
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/process\.(stdout|stderr)\.write\(|console\.(log|error|warn|info)\(/g)) found.push(`${where}: ${m[0]} at ${m.index}`);
    }
    assert.deepEqual(found, [], "print with out, err or warn (src/util/terminal-text.ts)");
  });
});
