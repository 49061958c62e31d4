import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { captures, said, verdict } from "../helpers/screens.ts";
import { heights, trimmed } from "../helpers/screen-variants.ts";

/**
 * Qwen Code's screen model (manifests/qwen.yml): every real capture and its variants read as
 * labelled; the classes of the issue, drawn as Qwen Code 0.15 draws them (inline: the transcript, the
 * working line, the input line between two rules, the footer; a dialog box in the input box's place).
 */
const RULE = "─".repeat(100);
const BOX = (inner: string[]) => [`  ╭${"─".repeat(60)}╮`, ...inner.map((l) => `  │ ${l.padEnd(58)} │`), `  ╰${"─".repeat(60)}╯`];
/** A Qwen screen: the transcript and the current turn, the input box, the footer. */
const screen = (above: string[]) => ["  │ >_ Qwen Code (v0.15.10)  │", "", ...above, RULE, ">   Type your message or @path/to/file", RULE, "  ? for shortcuts                                      0.0% context used"].join("\n");
const qwen = (s: string) => verdict("qwen", s, "Qwen - work");

describe("Qwen Code: the real captures and their variants", () => {
  for (const c of captures("qwen", { sizes: true })) {
    it(`${c.name}: ${c.state}${c.cause ? ` (${c.cause})` : ""}, also shorter and trimmed`, () => {
      const v = verdict("qwen", c.screen, c.title);
      assert.equal(v.state, c.state, `${c.name}: ${said(v)}`);
      if (c.cause) assert.equal(v.cause, c.cause, `${c.name}: ${said(v)}`);
      for (const variant of [...heights(c.screen), { name: "trimmed", screen: trimmed(c.screen) }]) {
        const w = verdict("qwen", variant.screen, c.title);
        assert.equal(w.state, c.state, `${c.name} at ${variant.name}: ${said(w)}`);
      }
    });
  }
});

describe("Qwen Code: the classes of screens", () => {
  it("the working line alone (the input box not on screen) is working", () => {
    for (const line of ["  ⠇ Optimizing for ludicrous speed (4s · ↓ 6 tokens · esc to cancel)", "  .   I'm Feeling Lucky (0s · esc to cancel)", "  ⠋ Counting electrons (1m 12s · esc to cancel)"]) {
      const v = qwen(["  > refactor the parser", "", "  ✦ Looking at the files.", "", line].join("\n"));
      assert.equal(v.state, "working", `${line}: ${said(v)}`);
    }
  });

  it("a dialog alone is blocked with its cause", () => {
    const permission = qwen([...BOX(["?  Shell rm -rf build", "", "Allow execution of: 'rm'?", "", "› 1. Yes, allow once", "  2. No, suggest changes (esc)"]), "", "  ⠏ Waiting for user confirmation..."].join("\n"));
    assert.deepEqual([permission.state, permission.cause], ["blocked", "permission"], said(permission));
    const trust = qwen(BOX(["Do you trust this folder?", "", "› 1. Trust folder (work)", "  2. Trust parent folder (dev)", "  3. Don't trust (esc)"]).join("\n"));
    assert.deepEqual([trust.state, trust.cause], ["blocked", "trust"], said(trust));
  });

  it("nothing of the CLI on screen is unknown", () => {
    assert.equal(verdict("qwen", "$ ls\nREADME.md  src\n$ ").state, "unknown");
  });

  it("a working line left in the transcript above the newest prompt says nothing", () => {
    const v = qwen(screen(["  > first", "", "  ⠇ Optimizing for ludicrous speed (4s · esc to cancel)", "", "  ✦ Done.", "", "  > second", "", "  ✦ Also done.", ""]));
    assert.equal(v.state, "idle", said(v));
  });

  it("prose that quotes the CLI's UI text never changes the state", () => {
    const answer = ["  ✦ While I work the line above the input reads (4s · esc to cancel) until I finish.", "    A dialog asks \"Allow execution of: 'touch'?\" over:", "    › 1. Yes, allow once", "    Then it says Waiting for user confirmation... under it.", "  ✦ Anything else?", ""];
    const v = qwen(screen(["  > how do I stop you?", "", ...answer]));
    assert.equal(v.state, "idle", said(v));
  });
});
