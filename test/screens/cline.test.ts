import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { captures, said, verdict } from "../helpers/screens.ts";
import { heights, trimmed } from "../helpers/screen-variants.ts";

/**
 * Cline's screen model (manifests/cline.yml): every real capture and its variants read as labelled;
 * the classes of the issue, drawn as Cline 3.0 draws them (alternate screen: the transcript from the
 * top, the input line between two rules at the bottom, the status lines under it; a dialog in the
 * box's place).
 */
const RULE = "─".repeat(120);
/** A Cline screen: the transcript at the top, the input box and its status lines at the bottom. */
const screen = (above: string[]) => ["", ...above, "", "", RULE, "❯ Ask anything...", RULE, " fake-model (12) $0.00                                   ○ Plan ● Act (Tab)", " work", " Auto-approve all disabled (Shift+Tab)"].join("\n");
const cline = (s: string, title = "> E2E_SLOW please") => verdict("cline", s, title, true);

const all = captures("cline", { sizes: true });
/** Screens an idle capture shows at some height: a working capture cut to the same screen cannot be told from it (Cline's title, "> <last prompt>", says nothing of the state). */
const idleScreens = new Set(all.filter((c) => c.state === "idle").flatMap((c) => [c.screen, ...heights(c.screen).map((v) => v.screen)]).map(trimmed));

describe("Cline: the real captures and their variants", () => {
  for (const c of all) {
    it(`${c.name}: ${c.state}${c.cause ? ` (${c.cause})` : ""}, also shorter and trimmed`, () => {
      const v = cline(c.screen, c.title);
      assert.equal(v.state, c.state, `${c.name}: ${said(v)}`);
      if (c.cause) assert.equal(v.cause, c.cause, `${c.name}: ${said(v)}`);
      for (const variant of [...heights(c.screen), { name: "trimmed", screen: trimmed(c.screen) }]) {
        if (c.state !== "idle" && idleScreens.has(trimmed(variant.screen))) continue;
        const w = cline(variant.screen, c.title);
        assert.equal(w.state, c.state, `${c.name} at ${variant.name}: ${said(w)}`);
      }
    });
  }

  it("known limit: the working captures cut to 24, 16 or 10 rows show what an idle capture cut alike shows (Cline draws its transcript from the top: the spinner line is cut off)", () => {
    const cut = all.filter((c) => c.state === "working").flatMap((c) => heights(c.screen).map((v) => ({ name: `${c.name} at ${v.name}`, screen: v.screen })));
    const alike = cut.filter((v) => idleScreens.has(trimmed(v.screen))).map((v) => v.name);
    assert.deepEqual(alike.sort(), ["cline-working (80x24) at 16 rows", "cline-working (80x24) at 10 rows", "cline-working at 24 rows", "cline-working at 16 rows", "cline-working at 10 rows", "cline-working-streamed (80x24) at 16 rows", "cline-working-streamed (80x24) at 10 rows", "cline-working-streamed at 24 rows", "cline-working-streamed at 16 rows", "cline-working-streamed at 10 rows"].sort());
  });
});

describe("Cline: the classes of screens", () => {
  it("the spinner line alone (the input box not on screen) is working", () => {
    for (const line of [" ⠹ Thinking... (esc to cancel)", " ⠋ This is a slow"]) {
      const v = cline([" ❯ E2E_SLOW please", "", line].join("\n"));
      assert.equal(v.state, "working", `${line}: ${said(v)}`);
    }
  });

  it("a dialog alone is blocked: the approval, and its choice row alone (permission)", () => {
    const approval = cline([" Cline needs permission", "", " Approve tool call?", "", " run_commands", "", "   $ rm -rf build", "", "  [y] Approve   [n] Deny"].join("\n"));
    assert.deepEqual([approval.state, approval.cause], ["blocked", "permission"], said(approval));
    const row = cline(["   $ rm -rf build", "", "  [y] Approve   [n] Deny"].join("\n"));
    assert.deepEqual([row.state, row.cause], ["blocked", "permission"], said(row));
  });

  it("a dialog alone is blocked: its question (question)", () => {
    const question = cline([" Which colour should the marker be?", "", "  ❯ Red", "    Blue", "    Type a response...", "", " ↑/↓ navigate, Enter to select, 1-2 to pick"].join("\n"));
    assert.deepEqual([question.state, question.cause], ["blocked", "question"], said(question));
  });

  it("a dialog alone is blocked: the subscription promo \"Press Enter to open, any other key to close\" (promo)", () => {
    // The notice's words as Cline's own source has them (apps/cli notice: "Try ClinePass", its body, the key hint).
    const promo = cline(["", " Try ClinePass", "", " ClinePass is a $9.99/month subscription plan to get access to the latest open-weight coding models", " with enough quota for day-to-day work, at a much lower cost than paying API costs directly.", "", " Press Enter to open, any other key to close"].join("\n"), "Cline");
    assert.deepEqual([promo.state, promo.cause], ["blocked", "promo"], said(promo));
  });

  it("nothing of the CLI on screen is unknown", () => {
    assert.equal(verdict("cline", "$ ls\nREADME.md  src\n$ ", "", false).state, "unknown");
  });

  it("a spinner line left in the transcript above the newest prompt says nothing", () => {
    const v = cline(screen([" ❯ first", "", " ⠹ Thinking... (esc to cancel)", "", " * Done.", "", " ❯ second", "", " * Also done."]), "> second");
    assert.equal(v.state, "idle", said(v));
  });

  it("prose that quotes the CLI's UI text never changes the state", () => {
    const answer = [" * While I think the line reads \"⠹ Thinking... (esc to cancel)\"; a tool asks \"Approve tool call?\" over", "   [y] Approve   [n] Deny, and a notice says Press Enter to open, any other key to close."];
    const v = cline(screen([" ❯ how do the dialogs look?", "", ...answer]), "> how do the dialogs look?");
    assert.equal(v.state, "idle", said(v));
  });
});
