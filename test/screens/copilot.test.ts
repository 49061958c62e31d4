import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { captures, said, verdict } from "../helpers/screens.ts";
import { heights, trimmed } from "../helpers/screen-variants.ts";

/**
 * GitHub Copilot CLI's screen model (manifests/copilot.yml): every real capture and its variants read
 * as labelled; the classes of the issue, drawn as Copilot CLI 1.0 draws them (alternate screen: the
 * transcript, the directory, the input line between two rules, the footer line; a dialog box in the
 * box's place).
 */
const RULE = "─".repeat(120);
const IDLE_FOOTER = " ← open sidebar · Interactive · Manual Approval · / commands · ? help · tab next tab                            gpt-4.1";
/** A Copilot screen: the transcript, the input box, the footer. */
const screen = (above: string[], footer = IDLE_FOOTER) => ["  ╭─╮╭─╮", "  ╰─╯╰─╯  Copilot v1.0.102 uses AI.", "", ...above, "", " /home/dev/work", RULE, "❯", RULE, footer].join("\n");
const box = (inner: string[]) => [`╭${"─".repeat(118)}╮`, ...inner.map((l) => `│ ${l.padEnd(116)} │`), `╰${"─".repeat(118)}╯`];
const copilot = (s: string) => verdict("copilot", s, "say hello - GitHub Copilot", true);

describe("Copilot CLI: the real captures and their variants", () => {
  for (const c of captures("copilot", { sizes: true })) {
    it(`${c.name}: ${c.state}${c.cause ? ` (${c.cause})` : ""}, also shorter and trimmed`, () => {
      const v = verdict("copilot", c.screen, c.title, c.alternate);
      assert.equal(v.state, c.state, `${c.name}: ${said(v)}`);
      if (c.cause) assert.equal(v.cause, c.cause, `${c.name}: ${said(v)}`);
      for (const variant of [...heights(c.screen), { name: "trimmed", screen: trimmed(c.screen) }]) {
        const w = verdict("copilot", variant.screen, c.title, c.alternate);
        assert.equal(w.state, c.state, `${c.name} at ${variant.name}: ${said(w)}`);
        if (c.cause && c.state === "blocked") assert.equal(w.cause, c.cause, `${c.name} at ${variant.name}: ${said(w)}`);
      }
    });
  }
});

describe("Copilot CLI: the classes of screens", () => {
  it("the working footer alone (the input box cut off) is working", () => {
    for (const footer of [" ◉ Working · 31 B esc esc interrupt", " ○ Working esc esc edit prompt", " ◎ Working · 36 B esc again to interrupt"]) {
      const v = copilot([" ❯ E2E_SLOW tell me a story                                      03:33", "", " ● This is a slow streamed answer", "", footer].join("\n"));
      assert.equal(v.state, "working", `${footer}: ${said(v)}`);
    }
  });

  it("a dialog alone is blocked: the folder trust, whole and as a short pane shows it (its choices only) (trust)", () => {
    const trust = copilot(box(["Do you trust the files in this folder?", "", "❯ 1. Yes", "  2. Yes, and remember this folder for future sessions", "  3. No (Esc)", "", "↑/↓ to navigate · enter to select · esc to cancel"]).join("\n"));
    assert.deepEqual([trust.state, trust.cause], ["blocked", "trust"], said(trust));
    const choicesOnly = copilot(box(["❯ 1. Yes", "  2. Yes, and remember this folder for future sessions", "  3. No (Esc)", "", "↑/↓ to navigate · enter to select · esc to cancel"]).slice(1).join("\n"));
    assert.deepEqual([choicesOnly.state, choicesOnly.cause], ["blocked", "trust"], said(choicesOnly));
  });

  it("a dialog alone is blocked: a permission (permission)", () => {
    const permission = copilot(box(["rm -rf build", "", "Do you want to run this command?", "", "❯ 1. Yes", "  2. Yes, and don't ask again for `rm` in this directory", "  3. No, and tell Copilot what to do differently (Esc to stop)"]).join("\n"));
    assert.deepEqual([permission.state, permission.cause], ["blocked", "permission"], said(permission));
  });

  it("nothing of the CLI on screen is unknown", () => {
    assert.equal(verdict("copilot", "$ ls\nREADME.md  src\n$ ", "", false).state, "unknown");
  });

  it("an old turn's \"Operation cancelled by user\" above the newest prompt says nothing", () => {
    const v = copilot(screen([" ❯ E2E_SLOW go                                                    03:33", "", " ● This is", "", " ● Operation cancelled by user", "", " ❯ go on please                                                  03:34", "", " ● Done."]));
    assert.equal(v.state, "idle", said(v));
  });

  it("prose that quotes the CLI's UI text never changes the state", () => {
    const answer = [" ● While I work the footer reads \"◉ Working · 31 B esc esc interrupt\"; Escape twice ends the turn with", "   \"● Operation cancelled by user\". A dialog asks \"Do you want to run this command?\" over ❯ 1. Yes."];
    const v = copilot(screen([" ❯ how do I stop you?                                            03:33", "", ...answer]));
    assert.equal(v.state, "idle", said(v));
  });
});
