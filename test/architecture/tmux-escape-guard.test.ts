import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const SRC = join(import.meta.dirname, "..", "..", "src");

/** The tmux commands that expand an argument as a format: only src/tmux builds them (it escapes). */
const EXPANDING = ["pipe-pane", "run-shell", "new-window", "split-window", "respawn-pane", "rename-window", "display-menu", "command-prompt", "display-popup"];

/** Raw uses outside src/tmux, each with its reason. */
const ALLOWED: Record<string, string> = {};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

describe("text reaches tmux formats only through src/tmux", () => {
  it("no command that expands formats is built outside src/tmux (but the allowed ones); commands are joined with THEN", () => {
    const found: string[] = [];
    for (const file of files(SRC)) {
      const where = relative(SRC, file);
      if (where.startsWith("tmux/")) continue;
      const text = readFileSync(file, "utf8");
      for (const command of EXPANDING) if (text.includes(`"${command}"`) && !ALLOWED[`${where}:${command}`]) found.push(`${where}: ${command}`);
      // display-message without -p shows its text (a format); -p with our own format only reads.
      for (const m of text.matchAll(/\["display-message"(?!, "-p")/g)) found.push(`${where}: display-message at ${m.index}`);
      // A ";" argument is text now; commands are joined with THEN (src/tmux/safe-text.ts).
      if (/[[,]\s*";"\s*[,\]]/.test(text)) found.push(`${where}: ";" as a separator`);
    }
    assert.deepEqual(found, [], "use the builders in src/tmux/commands.ts or src/tmux/menu.ts");
  });
});
