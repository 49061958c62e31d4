import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { captures, said, verdict } from "../helpers/screens.ts";
import { heights, trimmed } from "../helpers/screen-variants.ts";

/**
 * droid's screen model (manifests/droid.yml): every real capture and its variants read as labelled;
 * the classes of the issue, drawn as droid 0.225 draws them (normal screen: the transcript, the
 * working line, the mode line, the input box "╭─╮ │ > │ ╰─╯", "? for help"; a dialog in the box's place).
 */
const W = 118;
const BOX = [" Auto (Off) · all actions require approval                                   Fake Sonnet (High)", `╭${"─".repeat(W)}╮`, `│ > ${" ".repeat(W - 3)}│`, `╰${"─".repeat(W)}╯`, "? for help                                                                              TMUX ⧉"];
/** A droid screen: the transcript, the input box. */
const screen = (above: string[]) => [...above, "", ...BOX].join("\n");
const droid = (s: string) => verdict("droid", s, "⛬ Fake side answer");

describe("droid: the real captures and their variants", () => {
  for (const c of captures("droid", { sizes: true })) {
    it(`${c.name}: ${c.state}${c.cause ? ` (${c.cause})` : ""}, also shorter and trimmed`, () => {
      const v = verdict("droid", c.screen, c.title, c.alternate);
      assert.equal(v.state, c.state, `${c.name}: ${said(v)}`);
      if (c.cause) assert.equal(v.cause, c.cause, `${c.name}: ${said(v)}`);
      for (const variant of [...heights(c.screen), { name: "trimmed", screen: trimmed(c.screen) }]) {
        const w = verdict("droid", variant.screen, c.title, c.alternate);
        assert.equal(w.state, c.state, `${c.name} at ${variant.name}: ${said(w)}`);
        if (c.cause) assert.equal(w.cause, c.cause, `${c.name} at ${variant.name}: ${said(w)}`);
      }
    });
  }
});

describe("droid: the classes of screens", () => {
  it("the working line alone (the input box not on screen) is working", () => {
    for (const line of [" ⠸ Streaming...  (Press ESC to stop)", " ⢠ Thinking...  (Press ESC to stop)", " ⠋ Executing...  (Please wait)"]) {
      const v = droid(["   E2E_SLOW take your time", "", "   Hooks UserPromptSubmit · 1 hook · 1 completed", "", line].join("\n"));
      assert.equal(v.state, "working", `${line}: ${said(v)}`);
    }
  });

  it("a dialog alone is blocked: the approval box (permission)", () => {
    const approval = droid(["  Command to approve · medium risk", "  ↳ rm -rf build", `╭${"─".repeat(W)}╮`, "│  Yes, allow", "│  Yes, and always allow medium impact commands", "│  No, cancel", `╰${"─".repeat(W)}╯`, "  ↑↓ navigate   Enter select   Esc cancel   Alt/Option+E to inspect approval details"].join("\n"));
    assert.deepEqual([approval.state, approval.cause], ["blocked", "permission"], said(approval));
  });

  it("a dialog alone is blocked: the folder trust's choices, its box cut off (trust)", () => {
    const trust = droid(["> 1. Trust this folder", "  2. Exit without trusting", "", "Enter to confirm · Esc to exit"].join("\n"));
    assert.deepEqual([trust.state, trust.cause], ["blocked", "trust"], said(trust));
  });

  it("a dialog alone is blocked: the login choice \"> Login / Exit\" (login)", () => {
    const login = droid(["   v0.225.2", "", "> Login", "  Exit"].join("\n"));
    assert.deepEqual([login.state, login.cause], ["blocked", "login"], said(login));
  });

  it("nothing of the CLI on screen is unknown", () => {
    assert.equal(verdict("droid", "$ ls\nREADME.md  src\n$ ").state, "unknown");
  });

  it("a working line left higher in the transcript says nothing", () => {
    const v = droid(screen(["   E2E_SLOW take your time", "", " ⠸ Streaming...  (Press ESC to stop)", "", "⛬  Done.", "", "   Hooks Stop", "    └─ 'hook.sh' Stop (10s timeout) : Exit code 0"]));
    assert.equal(v.state, "idle", said(v));
  });

  it("prose that quotes the CLI's UI text never changes the state", () => {
    const answer = ["⛬  While I work the line reads \"⠸ Streaming...  (Press ESC to stop)\"; Esc ends it with", "   \"●  Request cancelled by user\", and an approval box shows │  Yes, allow and > 1. Trust this folder.", "", "   Hooks Stop"];
    const v = droid(screen(["   how do I stop you?", "", ...answer]));
    assert.equal(v.state, "idle", said(v));
  });
});
