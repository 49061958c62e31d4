import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { captures, said, verdict } from "../helpers/screens.ts";
import { codexStatusLines, heights, trimmed } from "../helpers/screen-variants.ts";

/**
 * Codex's screen model (manifests/codex.yml): every real capture and its variants read as labelled;
 * the classes an outside exam found read wrong, drawn as Codex 0.171 draws them.
 */
/** A Codex screen (alternate screen): the transcript, the current turn, the composer and its footer. */
const screen = (above: string[]) => ["  >_ OpenAI Codex (v0.171.0)", "", ...above, "", "› Ask Codex to do anything", "", "  gpt-5.1-codex default · ~/work", "  ← for agents · ? for shortcuts"].join("\n");
const codex = (s: string, title = "") => verdict("codex", s, title, true);

describe("Codex: the real captures and their variants", () => {
  for (const c of captures("codex")) {
    it(`${c.name}: ${c.state}${c.cause ? ` (${c.cause})` : ""}, also shorter and trimmed`, () => {
      const v = codex(c.screen, c.title);
      assert.equal(v.state, c.state, `${c.name}: ${said(v)}`);
      if (c.cause) assert.equal(v.cause, c.cause, `${c.name}: ${said(v)}`);
      for (const variant of [...heights(c.screen), { name: "trimmed", screen: trimmed(c.screen) }]) {
        const w = codex(variant.screen, c.title);
        assert.equal(w.state, c.state, `${c.name} at ${variant.name}: ${said(w)}`);
      }
    });
  }

  it("the working capture's status line with other words and timers is working", () => {
    let seen = 0;
    for (const c of captures("codex").filter((x) => x.state === "working")) {
      for (const variant of codexStatusLines(c.screen)) {
        assert.equal(codex(variant.screen, c.title).state, "working", variant.name);
        seen++;
      }
    }
    assert.ok(seen >= 5, `${seen} variants`);
  });
});

describe("Codex: the classes of screens read wrong before", () => {
  it("a stale \"• Working\" above the last turn's \"Worked for\" divider is idle", () => {
    for (const divider of ["  Worked for 1m 22s • 10:02", "─ Worked for 1m 22s ─────────────────────────────"]) {
      const v = codex(screen(["› refactor the parser", "• Working (1m 20s • esc to interrupt)", "• Done: the parser is refactored.", divider]), "work");
      assert.equal(v.state, "idle", `${divider}: ${said(v)}`);
    }
  });

  it("a live Working line below the last prompt, its tail cut by a narrow pane, is working", () => {
    const v = codex(screen(["› refactor the parser", "• Working (12s • esc to inte"]), "work");
    assert.equal(v.state, "working", said(v));
  });

  it("\"■ Conversation interrupted\" under a stale Working line is interrupted, whatever the title says", () => {
    const v = codex(screen(["› refactor the parser", "• Working (4s • esc to interrupt)", "■ Conversation interrupted - use /feedback if something went wrong"]), "⠋ work");
    assert.equal(v.state, "blocked", said(v));
    assert.equal(v.cause, "interrupted");
  });

  it("the dialogs: request_user_input, an MCP tool approval, an exec approval without its key hint", () => {
    const cases: Array<[string, string[], string]> = [
      ["request_user_input", ["  Which colour should the marker be?", "› 1. Red", "  2. Blue", "  enter to submit answer · esc to cancel"], "question"],
      ["a plan's question", ["  What should the plan cover first?", "  ▌ the parser", "  enter to submit answer"], "question"],
      ["MCP tool approval", ["  Allow the e2e MCP server to run tool \"echo\"?", "› 1. Approve Once", "  2. Deny", "  enter to submit | esc to cancel"], "permission"],
      ["exec approval, no key hint", ["  Would you like to run the following command?", "  $ rm -rf build", "› 1. Yes, proceed (y)", "  2. No, and tell Codex what to do differently (esc)"], "permission"],
    ];
    for (const [name, lines, cause] of cases) {
      const v = codex(["› do it", "• Running", ...lines].join("\n"), "[ ! ] Action Required | work");
      assert.equal(v.state, "blocked", `${name}: ${said(v)}`);
      assert.equal(v.cause, cause, name);
    }
  });

  it("titles: a plain folder name over a quiet composer is idle; an interrupted turn at its prompt is blocked whatever the title", () => {
    assert.equal(codex(screen(["› hello", "• Hello from the fake model.", "  Worked for <1s • 07:50"]), "work-codex").state, "idle");
    assert.equal(codex(screen(["› slow", "■ Conversation interrupted - use /feedback if something went wrong"]), "work-codex").state, "blocked");
  });
});
