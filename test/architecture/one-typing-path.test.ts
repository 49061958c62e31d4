import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const SRC = join(import.meta.dirname, "..", "..", "src");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/**
 * Every typist reaches a pane through session/send.ts's sendText, which types only what
 * session/typing.ts lets through: text typed or pasted anywhere else would skip that check.
 * (Named keys go through Tmux.sendKeys: a verb that means a key names it.)
 */
describe("text reaches a pane only through sendText", () => {
  it("no file but session/send.ts types or pastes text into a pane", () => {
    const found: string[] = [];
    for (const file of files(SRC)) {
      const where = relative(SRC, file);
      if (where === "session/send.ts" || where.startsWith("tmux/")) continue;
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\.(sendLiteral|paste)\(/g)) found.push(`${where}: .${m[1]}( at ${m.index}`);
      for (const m of text.matchAll(/"(send-keys|paste-buffer|load-buffer|set-buffer)"/g)) found.push(`${where}: ${m[1]} at ${m.index}`);
    }
    assert.deepEqual(found, [], "type text with sendText (src/session/send.ts)");
  });
});
