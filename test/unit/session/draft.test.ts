import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { cellsOf, draftIn, type Cursor } from "../../../src/session/draft.ts";
import { BACKENDS, isBackendName } from "../../../src/backends/index.ts";
import { ROOT } from "../../helpers/tmux-server.ts";

const SCREENS = [join(ROOT, "test", "fixtures", "real", "screens"), join(ROOT, "..", "shared", "fixtures", "screens")];

function capture(dir: string, name: string): { ansi: string; cursor: Cursor | undefined } {
  const meta = readFileSync(join(dir, `${name}.meta.txt`), "utf8");
  const m = /^cursor=(\d+),(\d+)$/m.exec(meta);
  return { ansi: readFileSync(join(dir, `${name}.ansi.txt`), "utf8"), cursor: m ? { x: Number(m[1]), y: Number(m[2]) } : undefined };
}

describe("the draft in a CLI's input line", () => {
  it("reads attributes from SGR: dim and reverse on and off, colours skipped", () => {
    const cells = cellsOf("a\x1b[2mb\x1b[22mc\x1b[7md\x1b[27me\x1b[38;5;2;1mf\x1b[0m\x1b[38;2;1;2;3mg");
    assert.deepEqual(cells.map((c) => `${c.char}${c.dim ? "d" : ""}${c.reverse ? "r" : ""}`), ["a", "bd", "c", "dr", "e", "f", "g"]);
  });

  it("no real capture of an idle, working or dialog screen has a draft (placeholders, cursors, dialog choices are none)", () => {
    let read = 0;
    for (const dir of SCREENS) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith(".ansi.txt"))) {
        const name = file.slice(0, -".ansi.txt".length);
        const backend = name.split("-")[0] ?? "";
        const line = isBackendName(backend) ? BACKENDS[backend].inputLine : undefined;
        if (!line || name.endsWith("after-exit")) continue;
        const { ansi, cursor } = capture(dir, name);
        const draft = draftIn(ansi, line, cursor);
        assert.ok(draft === "" || draft === null, `${name}: ${JSON.stringify(draft)}`);
        read++;
      }
    }
    assert.ok(read > 60, `${read} captures`);
  });

  it("a Claude dialog's selected choice is not the input line (the trust dialog was typed into)", () => {
    const dir = SCREENS[0] ?? "";
    for (const name of ["claude-dialog-trust-folder", "claude-permission-bash", "claude-ask-one", "claude-plan"]) {
      const { ansi, cursor } = capture(dir, name);
      assert.equal(draftIn(ansi, BACKENDS.claude.inputLine as RegExp, cursor), null, name);
    }
  });

  // The real screens with text typed where the cursor was: the text before the cursor is the draft.
  const typed: Array<[string, RegExp, (ansi: string) => string]> = [
    ["claude-idle", BACKENDS.claude.inputLine as RegExp, (a) => a.replace("❯\u00a0\x1b[7m", "❯\u00a0half-typed draft\x1b[7m")],
    ["codex-idle", BACKENDS.codex.inputLine as RegExp, (a) => a.replace(/\x1b\[2mAsk Codex to do anything/, "half-typed draft")],
    ["cline-idle", BACKENDS.cline.inputLine as RegExp, (a) => a.replace(/\x1b\[38;5;102mAsk anything\.\.\./, "half-typed draft")],
  ];
  for (const [name, line, type] of typed) {
    it(`${name} with text typed: the text, whatever follows the cursor`, () => {
      const { ansi, cursor } = capture(SCREENS[0] ?? "", name);
      const edited = type(ansi);
      assert.notEqual(edited, ansi, "the capture was edited");
      const after = cursor ? { x: cursor.x + "half-typed draft".length, y: cursor.y } : undefined;
      assert.equal(draftIn(edited, line, after), "half-typed draft");
      assert.equal(draftIn(ansi, line, cursor), "");
    });
  }

  it("no input line on the screen: nothing can be said", () => {
    assert.equal(draftIn("just some output\n$ ", BACKENDS.claude.inputLine as RegExp), null);
  });
});
