import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { captures, said, verdict } from "../helpers/screens.ts";
import { claudeSpinners, heights, trimmed } from "../helpers/screen-variants.ts";

/**
 * Claude Code's screen model (manifests/claude.yml): every real capture, and the variants the CLI
 * draws of the same state, read as their label says; the classes of screens an outside exam found
 * read wrong, drawn as Claude draws them.
 */
const RULE = "─".repeat(60);
/** A Claude screen: banner, the transcript, the current turn's lines, the input box, the footer. */
const screen = (above: string[], footer: string[] = ["  ? for shortcuts"], input = "") => [" ▐▛███▜▌   Claude Code v2.1.197", "", ...above, "", RULE, `❯\u00a0${input}`, RULE, ...footer].join("\n");

describe("Claude Code: the real captures and their variants", () => {
  for (const c of captures("claude")) {
    it(`${c.name}: ${c.state}${c.cause ? ` (${c.cause})` : ""}, also shorter and trimmed`, () => {
      const v = verdict("claude", c.screen, c.title, c.alternate);
      assert.equal(v.state, c.state, `${c.name}: ${said(v)}`);
      if (c.cause) assert.equal(v.cause, c.cause, `${c.name}: ${said(v)}`);
      for (const variant of [...heights(c.screen), { name: "trimmed", screen: trimmed(c.screen) }]) {
        const w = verdict("claude", variant.screen, c.title, c.alternate);
        assert.equal(w.state, c.state, `${c.name} at ${variant.name}: ${said(w)}`);
      }
    });
  }

  it("the working captures' spinner line in every glyph, verb and tail is working", () => {
    let seen = 0;
    for (const c of captures("claude").filter((x) => x.state === "working")) {
      for (const variant of claudeSpinners(c.screen)) {
        const v = verdict("claude", variant.screen, c.title);
        assert.equal(v.state, "working", `${c.name} with "${variant.name}": ${said(v)}`);
        seen++;
      }
    }
    assert.ok(seen >= 42, `${seen} spinner variants`);
  });
});

describe("Claude Code: the classes of screens read wrong before", () => {
  const prompt = "❯ refactor the parser";
  it("a spinner line in any form, with or without its tail, is a running turn (no title, no footer hint)", () => {
    for (const line of ["✢ Channelling…", "* Moonwalking… (2s · ↓ 6 tokens)", "✶ Pondering… (thought for 2s)", "· Zigzagging… (ctrl+c to interrupt · 3m 17s)", "✻ Thinking… (12s · ↑ 2.1k tokens · esc to interrupt)", "✽ Simmering deeply…"]) {
      const v = verdict("claude", screen([prompt, "● Looking at the files.", "", line]));
      assert.equal(v.state, "working", `${line}: ${said(v)}`);
    }
  });

  it("\"esc to interrupt\" in the status bar under the box, and \"Press ESC to interrupt\" of older versions, are a running turn", () => {
    assert.equal(verdict("claude", screen([prompt, "● Looking."], ["  esc to interrupt · ← for agents"])).state, "working");
    assert.equal(verdict("claude", screen([prompt, "● Looking.", "  Press ESC to interrupt"])).state, "working");
  });

  it("prose that quotes the CLI's UI text (an answer explaining \"press esc to interrupt\") never changes the state", () => {
    const answer = ["❯ how do I stop you?", "● You can press esc to interrupt me at any time; the spinner line reads", "  like \"✢ Channelling… (2s · esc to interrupt)\" while I work.", "✻ Churned for 1s"];
    const v = verdict("claude", screen(answer), "✳ Help");
    assert.equal(v.state, "idle", said(v));
  });

  it("an old spinner line above the last prompt sent says nothing once that turn ended", () => {
    const v = verdict("claude", screen(["❯ first", "✢ Channelling… (2s · ↓ 6 tokens)", "● done", "✻ Churned for 2s", "❯ second", "● also done", "✻ Worked for 1s"]), "✳ Work");
    assert.equal(v.state, "idle", said(v));
  });

  it("a spinner title left over after a background agent finished, over a quiet prompt after the turn's end, is idle", () => {
    const v = verdict("claude", screen([prompt, "● Done: the parser is refactored.", "✻ Worked for 12s"]), "⠐ Refactor");
    assert.equal(v.state, "idle", said(v));
  });

  it("a partial screen: a spinner line alone is working, a dialog alone is blocked, nothing of the CLI is unknown", () => {
    assert.equal(verdict("claude", ["● Reading src/parser.ts", "", "✢ Channelling… (14s · ↓ 1.2k tokens)"].join("\n")).state, "working");
    const dialog = [RULE, " Bash command", "", "   rm -rf build", "", " Do you want to proceed?", " ❯ 1. Yes", "   2. Yes, and don't ask again", "   3. No", "", " Esc to cancel · Tab to amend"].join("\n");
    const v = verdict("claude", dialog);
    assert.equal(v.state, "blocked", said(v));
    assert.equal(verdict("claude", "$ ls\nREADME.md  src\n$ ").state, "unknown");
  });
});
