import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { captures, said, verdict } from "../helpers/screens.ts";
import { heights, trimmed } from "../helpers/screen-variants.ts";

/**
 * Pi's screen model (manifests/pi.yml): every real capture and its variants read as labelled; the
 * classes of the issue, drawn as Pi 0.73 draws them (inline: the transcript, " ⠼ Working...", the
 * editor between two rules, the directory and the footer; an extension's dialog between the rules
 * in the editor's place).
 */
const RULE = "─".repeat(120);
/** A Pi screen: the transcript, the editor (or what is drawn in its place), the footer. */
const screen = (above: string[], box: string[] = [""]) => [" pi v0.73.1", "", ...above, "", RULE, ...box, RULE, "/home/dev/work", "↑12 ↓20 0.0%/200k (auto)                                    claude-sonnet-4-5"].join("\n");
const pi = (s: string) => verdict("pi", s, "π - work");
const GATE = ["", " Allow bash command?", "", "   rm -rf build", "", " → Yes", "   No", "", " ↑↓ navigate  enter select  escape/ctrl+c cancel", ""];

describe("Pi: the real captures and their variants", () => {
  for (const c of captures("pi", { sizes: true })) {
    it(`${c.name}: ${c.state}${c.cause ? ` (${c.cause})` : ""}, also shorter and trimmed`, () => {
      const v = verdict("pi", c.screen, c.title, c.alternate);
      assert.equal(v.state, c.state, `${c.name}: ${said(v)}`);
      if (c.cause) assert.equal(v.cause, c.cause, `${c.name}: ${said(v)}`);
      // Causes are asserted at full size only: a pane cut to 10 rows leaves the gate's choices and hints, not its question.
      for (const variant of [...heights(c.screen), { name: "trimmed", screen: trimmed(c.screen) }]) {
        const w = verdict("pi", variant.screen, c.title, c.alternate);
        assert.equal(w.state, c.state, `${c.name} at ${variant.name}: ${said(w)}`);
      }
    });
  }
});

describe("Pi: the classes of screens", () => {
  it("the working line alone (the editor not on screen) is working", () => {
    const v = pi([" E2E_SLOW stream it", "", "", " This is a slow streamed answer", "", " ⠸ Working..."].join("\n"));
    assert.equal(v.state, "working", said(v));
  });

  it("a dialog alone is blocked: a permission gate between the rules (its cause), its choices and hints alone", () => {
    const gate = pi([RULE, ...GATE, RULE].join("\n"));
    assert.deepEqual([gate.state, gate.cause], ["blocked", "permission"], said(gate));
    const cut = pi(GATE.slice(5).concat([RULE, "/home/dev/work"]).join("\n"));
    assert.equal(cut.state, "blocked", said(cut));
  });

  it("nothing of the CLI on screen is unknown", () => {
    assert.equal(verdict("pi", "$ ls\nREADME.md  src\n$ ").state, "unknown");
  });

  it("a working line or \"Operation aborted\" left above a newer prompt and answer says nothing", () => {
    for (const stale of [" ⠸ Working...", " Operation aborted"]) {
      const v = pi(screen([" E2E_SLOW stream it", "", "", stale, "", "", " go on", "", "", " Hello."]));
      assert.equal(v.state, "idle", `${stale}: ${said(v)}`);
    }
  });

  it("prose that quotes the CLI's UI text never changes the state", () => {
    const v = pi(screen([" how do I stop you?", "", "", " Press escape: the ⠸ Working... line goes and Pi says Operation aborted. A gate asks", " Allow bash command? over ↑↓ navigate  enter select  escape/ctrl+c cancel."]));
    assert.equal(v.state, "idle", said(v));
  });
});
