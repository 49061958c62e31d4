import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describeRegion, needsPromptBox, ScreenRegions, screenLines } from "../../../src/detect/regions.ts";
import type { Layout, Region } from "../../../src/detect/types.ts";

const screen = (name: string) => readFileSync(new URL(`../../fixtures/real/screens/${name}.txt`, import.meta.url), "utf8");
// Codex's composer line; a numbered "› 1. Yes" is a dialog's option.
const CODEX_PROMPT = /^› (?!\d+\. )/u;

describe("screenLines", () => {
  it("drops trailing spaces of each line and trailing blank lines, keeping leading and inner blank lines", () => {
    assert.deepEqual(screenLines("  a  \r\n\n b #1 %\t\n   \n\n"), ["  a", "", " b #1 %"]);
  });
  it("an empty screen has no lines", () => {
    assert.deepEqual(screenLines("   \n\n"), []);
  });
});

describe("ScreenRegions on a real Codex idle screen", () => {
  const regions = new ScreenRegions(screen("codex-idle"), { title: "E2E fake title | work-codex", promptBox: CODEX_PROMPT });

  it("the prompt box runs from the last composer line to the end", () => {
    assert.deepEqual(regions.get({ kind: "prompt-box" }), [
      "› Ask Codex to do anything",
      "",
      "  gpt-5.1-codex default · /home/dev/e2e/work-codex · E2E fake title",
      "  ← for agents · ? for shortcuts                                                              ⚠ 2 warnings · f2 to view",
    ]);
  });

  it("above-prompt counts only non-blank lines before the prompt box", () => {
    assert.deepEqual(regions.get({ kind: "above-prompt", lines: 2 }), ["• Hello from the fake model.", "  Worked for <1s • 15:30"]);
  });

  it("bottom counts only non-blank lines", () => {
    assert.deepEqual(regions.get({ kind: "bottom", lines: 3 }), [
      "› Ask Codex to do anything",
      "  gpt-5.1-codex default · /home/dev/e2e/work-codex · E2E fake title",
      "  ← for agents · ? for shortcuts                                                              ⚠ 2 warnings · f2 to view",
    ]);
  });

  it("the title is one line, and the screen is every line", () => {
    assert.deepEqual(regions.get({ kind: "title" }), ["E2E fake title | work-codex"]);
    assert.equal(regions.get({ kind: "screen" })?.[1], "  >_ OpenAI Codex (v0.171.0)");
  });
});

describe("ScreenRegions: regions that do not exist", () => {
  it("an approval dialog's numbered option is no prompt box, so the earlier composer line is", () => {
    const regions = new ScreenRegions(screen("codex-permission"), { promptBox: CODEX_PROMPT });
    assert.equal(regions.get({ kind: "prompt-box" })?.[0], "› E2E_TOOL please create the marker file");
  });

  it("without a prompt box on screen, or in the manifest, prompt-box and above-prompt are absent", () => {
    const none = new ScreenRegions("just output\n", { promptBox: CODEX_PROMPT });
    const noManifestBox = new ScreenRegions("› Ask Codex to do anything\n", { promptBox: null });
    for (const r of [none, noManifestBox]) {
      assert.equal(r.get({ kind: "prompt-box" }), null);
      assert.equal(r.get({ kind: "above-prompt", lines: 3 }), null);
    }
  });

  it("an empty or missing title is absent", () => {
    assert.equal(new ScreenRegions("x", { title: "", promptBox: null }).get({ kind: "title" }), null);
    assert.equal(new ScreenRegions("x", { promptBox: null }).get({ kind: "title" }), null);
  });

  it("a paused screen has no screen regions, but still its title", () => {
    const paused = new ScreenRegions("› hi\nx", { title: "⠋ vim", promptBox: /^› /u, paused: true });
    const all: Region[] = [{ kind: "screen" }, { kind: "bottom", lines: 1 }, { kind: "prompt-box" }, { kind: "above-prompt", lines: 1 }];
    assert.deepEqual(all.map((r) => paused.get(r)), [null, null, null, null]);
    assert.deepEqual(paused.get({ kind: "title" }), ["⠋ vim"]);
  });

  it("bottom regions of different sizes are computed separately", () => {
    const regions = new ScreenRegions("a\nb\nc", { promptBox: null });
    assert.deepEqual([regions.get({ kind: "bottom", lines: 1 }), regions.get({ kind: "bottom", lines: 2 }), regions.get({ kind: "bottom", lines: 9 })], [["c"], ["b", "c"], ["a", "b", "c"]]);
  });
});

describe("region words and needs", () => {
  it("every region has words for explanations", () => {
    const all: Region[] = [{ kind: "screen" }, { kind: "title" }, { kind: "prompt-box" }, { kind: "bottom", lines: 12 }, { kind: "above-prompt", lines: 3 }];
    assert.deepEqual(all.map(describeRegion), ["the screen", "the title", "the prompt box", "the bottom 12 lines", "3 lines above the prompt box"]);
    assert.deepEqual(all.map(needsPromptBox), [false, false, true, false, true]);
  });
});

describe("ScreenRegions: the input box found by its frame (layout)", () => {
  const layout = (parts: Partial<Layout>): Layout => ({ boxRule: null, inputUnderRule: null, dialogTop: null, statusLines: null, turnStart: null, turnEnd: null, ...parts });
  const RULE = "─".repeat(40);

  it("a run of frame lines right above the input line is the box's top (opencode's ┃ column); the last run begins a dialog", () => {
    const frame = layout({ boxRule: /^\s*┃/u });
    const idle = ["  ┃", "  ┃  say hello", "  ┃", "", "     Hello.", "     ▣  Build · model · 1.8s", "", "  ┃", "  ┃", "  ┃  Build · model", "  ╹▀▀▀▀▀▀▀▀", "   ctrl+p commands"].join("\n");
    const regions = new ScreenRegions(idle, { promptBox: /^\s*╹▀{3,}/u, layout: frame });
    assert.deepEqual(regions.get({ kind: "input" }), ["  ┃", "  ┃", "  ┃  Build · model", "  ╹▀▀▀▀▀▀▀▀"]);
    assert.deepEqual(regions.get({ kind: "status" }), ["  ┃", "     Hello.", "     ▣  Build · model · 1.8s"]);
    assert.deepEqual(regions.get({ kind: "footer" }), ["   ctrl+p commands"]);
    const dialog = ["  ┃", "  ┃  say hello", "  ┃", "", "     I will run a command.", "", "  ┃", "  ┃  △ Permission required", "  ┃   Allow once   Allow always   Reject"].join("\n");
    assert.deepEqual(new ScreenRegions(dialog, { promptBox: /^\s*╹▀{3,}/u, layout: frame }).get({ kind: "modal" }), ["  ┃", "  ┃  △ Permission required", "  ┃   Allow once   Allow always   Reject"]);
  });

  it("with inputUnderRule, a line like the input line without a rule above it (a prompt sent) is no input box", () => {
    const underRule = layout({ boxRule: /^─{10,}/u, inputUnderRule: 1 });
    const idle = ["› say hello", "", "● Hello.", RULE, "›", RULE, " ? to show shortcuts"].join("\n");
    const regions = new ScreenRegions(idle, { promptBox: /^›/u, layout: underRule });
    assert.deepEqual(regions.get({ kind: "input" }), [RULE, "›"]);
    assert.deepEqual(regions.get({ kind: "footer" }), [" ? to show shortcuts"]);
    const dialog = ["› run it", "", "● Terminal - touch x", "╭────╮", "│  Tool Approval Required │", "╰────╯", " [A]llow [D]eny"].join("\n");
    const open = new ScreenRegions(dialog, { promptBox: /^›/u, layout: { ...underRule, dialogTop: /^╭─/u } });
    assert.equal(open.get({ kind: "input" }), null);
    assert.deepEqual(open.get({ kind: "modal" }), ["╭────╮", "│  Tool Approval Required │", "╰────╯", " [A]llow [D]eny"]);
  });

  it("an input line that is itself a rule (Pi's editor between two rules): the box runs up to the rule above it, a dialog drawn between them is in input", () => {
    const editor = layout({ boxRule: /^─{20,}$/u });
    const screen = (box: string[]) => [" say hello", "", " ⠸ Working...", "", RULE, ...box, RULE, "/home/dev/work", "↑12 ↓20 0.0%/200k"].join("\n");
    const working = new ScreenRegions(screen([""]), { promptBox: /^─{20,}$/u, layout: editor });
    assert.deepEqual(working.get({ kind: "status" }), [" say hello", " ⠸ Working..."]);
    assert.deepEqual(working.get({ kind: "input" }), [RULE, RULE]);
    assert.deepEqual(working.get({ kind: "footer" }), ["/home/dev/work", "↑12 ↓20 0.0%/200k"]);
    const asking = new ScreenRegions(screen([" Allow bash command?", " → Yes", "   No", " ↑↓ navigate  enter select  escape/ctrl+c cancel"]), { promptBox: /^─{20,}$/u, layout: editor });
    assert.deepEqual(asking.get({ kind: "input" })?.slice(1, -1), [" Allow bash command?", " → Yes", "   No", " ↑↓ navigate  enter select  escape/ctrl+c cancel"]);
    assert.deepEqual(asking.get({ kind: "status" }), [" say hello", " ⠸ Working..."]);
  });

  it("layout.statusLines says how many live lines right above the box are its status (3 unless set)", () => {
    const text = [" Operation aborted", "", " go on", "", " Hello.", "", RULE, "", RULE, "/home/dev/work"].join("\n");
    const status = (statusLines: number | null) => new ScreenRegions(text, { promptBox: /^─{20,}$/u, layout: layout({ boxRule: /^─{20,}$/u, statusLines }) }).get({ kind: "status" });
    assert.deepEqual(status(null), [" Operation aborted", " go on", " Hello."]);
    assert.deepEqual(status(1), [" Hello."]);
  });

  it("the new regions have words, and need the input box", () => {
    assert.deepEqual([describeRegion({ kind: "input" }), needsPromptBox({ kind: "input" })], ["the input box (its rules and line, or what is drawn between them)", true]);
  });
});
