import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { captures, said, verdict } from "../helpers/screens.ts";
import { heights, trimmed } from "../helpers/screen-variants.ts";

/**
 * Kilo CLI's screen model (manifests/kilo.yml): every real capture and its variants read as
 * labelled; the classes of the issue, drawn as Kilo 7.7 draws them (opencode's layout, alternate
 * screen: the transcript, the input box as a ┃ column closed by ╹▀▀▀, the footer; a dialog in the
 * ┃ column in the box's place).
 */
const MODEL = "Code · Claude Sonnet 4.5 (latest)";
const BOX = ["  ┃", "  ┃", "  ┃", `  ┃  ${MODEL} Anthropic`, `  ╹${"▀".repeat(100)}`];
const IDLE_FOOTER = "                                                                    ctrl+t variants  32 (0%) · $0.00  ctrl+p commands";
const WORKING_FOOTER = "   ⬝⬝⬝⬝■■⬝⬝  esc interrupt                        ctrl+t variants  tab agents  ctrl+p commands";
/** A prompt block as the transcript shows it. */
const sent = (text: string) => ["  ┃", `  ┃  ${text}`, "  ┃", ""];
/** A Kilo screen: the transcript, the input box, the footer. */
const screen = (above: string[], footer = IDLE_FOOTER) => ["", ...above, "", ...BOX, footer].join("\n");
const kilo = (s: string) => verdict("kilo", s, "Kilo CLI | Fake side answer.", true);

describe("Kilo CLI: the real captures and their variants", () => {
  for (const c of captures("kilo", { sizes: true })) {
    it(`${c.name}: ${c.state}${c.cause ? ` (${c.cause})` : ""}, also shorter and trimmed`, () => {
      const v = verdict("kilo", c.screen, c.title, c.alternate);
      assert.equal(v.state, c.state, `${c.name}: ${said(v)}`);
      if (c.cause) assert.equal(v.cause, c.cause, `${c.name}: ${said(v)}`);
      for (const variant of [...heights(c.screen), { name: "trimmed", screen: trimmed(c.screen) }]) {
        const w = verdict("kilo", variant.screen, c.title, c.alternate);
        assert.equal(w.state, c.state, `${c.name} at ${variant.name}: ${said(w)}`);
        if (c.cause) assert.equal(w.cause, c.cause, `${c.name} at ${variant.name}: ${said(w)}`);
      }
    });
  }
});

describe("Kilo CLI: the classes of screens", () => {
  it("the working footer alone (the input box cut off) is working", () => {
    const v = kilo(["     This is a slow streamed", "", `     ▣  ${MODEL}`, "", WORKING_FOOTER].join("\n"));
    assert.equal(v.state, "working", said(v));
  });

  it("a dialog alone is blocked: \"△ Permission required\" without its choice row (permission)", () => {
    const header = kilo(["  ┃", "  ┃  △ Permission required", "  ┃    # Shell command", "  ┃", "  ┃  $ rm -rf build", "  ┃"].join("\n"));
    assert.deepEqual([header.state, header.cause], ["blocked", "permission"], said(header));
  });

  it("a dialog alone is blocked: the permission's choice row without its header (permission)", () => {
    const row = kilo(["  ┃", "  ┃   Allow once   Allow always   Reject                 ctrl+f fullscreen  ⇆ select  enter confirm", "  ┃"].join("\n"));
    assert.deepEqual([row.state, row.cause], ["blocked", "permission"], said(row));
  });

  it("a dialog alone is blocked: the question tool without numbered choices (question)", () => {
    // Several questions: the last tab reviews the answers, no numbered choices.
    const review = kilo([...sent("E2E_ASK two questions"), "     → Asked 2 questions", "", "  ┃", "  ┃   Colour   Size   Confirm", "  ┃", "  ┃  Review", "  ┃  Colour: Red", "  ┃  Size: (not answered)", "  ┃", "  ┃  ⇆ tab  enter submit  esc dismiss", "  ┃"].join("\n"));
    assert.deepEqual([review.state, review.cause], ["blocked", "question"], said(review));
    // A question with several answers to tick: "enter toggle".
    const multi = kilo(["  ┃", "  ┃  Which sizes? (select all that apply)", "  ┃  1. [ ] Small", "  ┃  2. [✓] Large", "  ┃", "  ┃  ⇆ tab  ↑↓ select  enter toggle  esc dismiss", "  ┃"].join("\n"));
    assert.deepEqual([multi.state, multi.cause], ["blocked", "question"], said(multi));
  });

  it("nothing of the CLI on screen is unknown", () => {
    assert.equal(verdict("kilo", "$ ls\nREADME.md  src\n$ ", "", false).state, "unknown");
  });

  it("an interrupted turn's footer above a newer turn says nothing", () => {
    const v = kilo(screen([...sent("E2E_LONG a long answer"), "     word0 word1", "", `     ▣  ${MODEL} · interrupted`, "", ...sent("go on"), "     Done.", "", `     ▣  ${MODEL} · 1.2s`]));
    assert.equal(v.state, "idle", said(v));
  });

  it("prose that quotes the CLI's UI text never changes the state", () => {
    const answer = ["     While I work the footer reads \"esc interrupt\"; a permission shows △ Permission required over", "     Allow once   Allow always   Reject, and a question ends with enter submit  esc dismiss.", "", `     ▣  ${MODEL} · 3.4s`];
    const v = kilo(screen([...sent("how do the dialogs look?"), ...answer]));
    assert.equal(v.state, "idle", said(v));
  });
});
