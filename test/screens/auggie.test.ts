import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { captures, said, verdict } from "../helpers/screens.ts";
import { heights, trimmed } from "../helpers/screen-variants.ts";

/**
 * Auggie's screen model (manifests/auggie.yml): every real capture and its variants read as
 * labelled; the classes of the issue, drawn as Auggie 0.36 draws them (inline: the transcript, the
 * working line, the input line "›" between two rules, the footer; a dialog in the box's place).
 */
const RULE = "─".repeat(120);
/** An Auggie screen: the transcript and the current turn, the input box, the footer. */
const screen = (above: string[]) => ["Get started with Auggie", "", ...above, RULE, "›", RULE, " ? to show shortcuts                                                          /home/dev/work"].join("\n");
const auggie = (s: string) => verdict("auggie", s, "Hello from the");

describe("Auggie: the real captures and their variants", () => {
  for (const c of captures("auggie", { sizes: true })) {
    it(`${c.name}: ${c.state}${c.cause ? ` (${c.cause})` : ""}, also shorter and trimmed`, () => {
      const v = verdict("auggie", c.screen, c.title, c.alternate);
      assert.equal(v.state, c.state, `${c.name}: ${said(v)}`);
      if (c.cause) assert.equal(v.cause, c.cause, `${c.name}: ${said(v)}`);
      for (const variant of [...heights(c.screen), { name: "trimmed", screen: trimmed(c.screen) }]) {
        const w = verdict("auggie", variant.screen, c.title, c.alternate);
        assert.equal(w.state, c.state, `${c.name} at ${variant.name}: ${said(w)}`);
        if (c.cause) assert.equal(w.cause, c.cause, `${c.name} at ${variant.name}: ${said(w)}`);
      }
    });
  }
});

describe("Auggie: the classes of screens", () => {
  it("the working line alone (the input box not on screen) is working", () => {
    for (const line of [" ⠦ Sending request... (2s • esc to interrupt)", " ⠙ Processing response... (1m 6s • esc to interrupt)"]) {
      const v = auggie(["› E2E_SLOW tell me slowly", "", line].join("\n"));
      assert.equal(v.state, "working", `${line}: ${said(v)}`);
    }
  });

  it("a dialog alone is blocked: the tool approval under a prompt sent, which reads like the input line (permission)", () => {
    const approval = auggie(["› E2E_TOOL run it", "", "● Terminal - rm -rf build", "╭──────────────────────────────╮", "│                              │", "│  Tool Approval Required      │", "│                              │", "│  Terminal: rm -rf build      │", "╰──────────────────────────────╯", " [A]llow [D]eny"].join("\n"));
    assert.deepEqual([approval.state, approval.cause], ["blocked", "permission"], said(approval));
  });

  it("a dialog alone is blocked: the indexing question's choices, its title cut off (trust)", () => {
    const indexing = auggie(["     [1] Always index this workspace - Unlock full workspace understanding", "", "     [2] Never index this workspace - Use basic assistance only", "", " [↑↓] Navigate • [Enter] Confirm"].join("\n"));
    assert.deepEqual([indexing.state, indexing.cause], ["blocked", "trust"], said(indexing));
  });

  it("nothing of the CLI on screen is unknown", () => {
    assert.equal(verdict("auggie", "$ ls\nREADME.md  src\n$ ").state, "unknown");
  });

  it("a working line left above the newest prompt says nothing", () => {
    const v = auggie(screen(["› first", "", " ⠦ Sending request... (2s • esc to interrupt)", "", "● Done.", "", "› second", "", "● Also done."]));
    assert.equal(v.state, "idle", said(v));
  });

  it("prose that quotes the CLI's UI text never changes the state", () => {
    const answer = ["● While I wait the line reads \"⠦ Sending request... (2s • esc to interrupt)\"; an approval box", "  says Tool Approval Required over [A]llow [D]eny, and the first start asks", "  Press 1/2/3/4 to select directly. Anything else?"];
    const v = auggie(screen(["› how do the dialogs look?", "", ...answer]));
    assert.equal(v.state, "idle", said(v));
  });
});
