import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { captures, said, verdict } from "../helpers/screens.ts";
import { heights, trimmed } from "../helpers/screen-variants.ts";

/**
 * Gemini CLI's screen model (manifests/gemini.yml): every real capture and its variants read as
 * labelled; the classes of the issue, drawn as Gemini CLI 0.61 draws them (inline: the transcript,
 * the loading line, a rule, the mode hint, the input line, the footer).
 */
const RULE = "─".repeat(100);
const BOX = (inner: string[]) => [`╭${"─".repeat(60)}╮`, ...inner.map((l) => `│ ${l.padEnd(58)} │`), `╰${"─".repeat(60)}╯`];
/** A Gemini screen: the transcript and the current turn, the input box, the footer. */
const screen = (above: string[]) => [" ▝▜▄     Gemini CLI v0.61.0", "", ...above, "", RULE, " Shift+Tab to accept edits", "", " >   Type your message or @path/to/file", "", " workspace (/directory)      sandbox      /model", " ~/work                      no sandbox   Auto"].join("\n");
const gemini = (s: string, title = "") => verdict("gemini", s, title);

describe("Gemini CLI: the real captures and their variants", () => {
  for (const c of captures("gemini", { sizes: true })) {
    it(`${c.name}: ${c.state}${c.cause ? ` (${c.cause})` : ""}, also shorter and trimmed`, () => {
      const v = gemini(c.screen, c.title);
      assert.equal(v.state, c.state, `${c.name}: ${said(v)}`);
      if (c.cause) assert.equal(v.cause, c.cause, `${c.name}: ${said(v)}`);
      for (const variant of [...heights(c.screen), { name: "trimmed", screen: trimmed(c.screen) }]) {
        const w = gemini(variant.screen, c.title);
        assert.equal(w.state, c.state, `${c.name} at ${variant.name}: ${said(w)}`);
        if (c.cause) assert.equal(w.cause, c.cause, `${c.name} at ${variant.name}: ${said(w)}`);
      }
    });
  }
});

describe("Gemini CLI: the classes of screens", () => {
  it("the loading line alone (the input box not on screen) is working, and without a title", () => {
    const v = gemini([" > refactor the parser", "", "✦ Looking at the files.", "", " ⠸ Reticulating splines (esc to cancel, 1m 4s)"].join("\n"));
    assert.equal(v.state, "working", said(v));
  });

  it("a dialog alone is blocked: a confirmation (permission)", () => {
    const permission = gemini(BOX(["? Shell  rm -rf build", "", "Allow execution of [Shell]?", "", "● 1. Allow once", "  2. Allow for this session", "  3. No, suggest changes (esc)"]).join("\n"));
    assert.deepEqual([permission.state, permission.cause], ["blocked", "permission"], said(permission));
  });

  it("a dialog alone is blocked: the ask_user box whose top scrolled off (question)", () => {
    const question = gemini(BOX(["● 1.  Red", "      A red marker", "  2.  Blue", "", "Enter to select · ↑/↓ to navigate · Esc to cancel"]).slice(1).join("\n"));
    assert.deepEqual([question.state, question.cause], ["blocked", "question"], said(question));
  });

  it("nothing of the CLI on screen is unknown", () => {
    assert.equal(gemini("$ ls\nREADME.md  src\n$ ").state, "unknown");
  });

  it("a loading line left in the transcript above the newest prompt says nothing", () => {
    const v = gemini(screen([" > first", "", " ⠸ Thinking... (esc to cancel, 3s)", "", "✦ Done.", "", " > second", "", "✦ Also done."]), "◇  Ready (work)");
    assert.equal(v.state, "idle", said(v));
  });

  it("prose that quotes the CLI's UI text never changes the state", () => {
    const answer = ["✦ While I work the line under the answer reads (esc to cancel, 2s); Esc stops me.", "  A dialog reads \"Allow execution of [Shell]?\" over \"● 1. Allow once\"."];
    for (const title of ["◇  Ready (work)", ""]) {
      const v = gemini(screen([" > how do I stop you?", "", ...answer]), title);
      assert.equal(v.state, "idle", `${title}: ${said(v)}`);
    }
  });

  it("titles: \"✦ Working…\" left over over the turn's answer and a quiet input box is idle; right after a prompt is sent it is working", () => {
    const left = gemini(screen([" > say hello", "", "✦ Hello."]), "✦  Working… (work)");
    assert.equal(left.state, "idle", said(left));
    const sent = gemini(screen([" > say hello"]), "✦  Working… (work)");
    assert.equal(sent.state, "working", said(sent));
  });
});
