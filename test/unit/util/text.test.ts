import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { inPromptLine, stillInPrompt } from "../../../src/session/send.ts";
import { claude } from "../../../src/backends/claude/index.ts";
import { codex } from "../../../src/backends/codex/index.ts";
import { formatAge, stripAnsi, trimScreen } from "../../../src/util/text.ts";

describe("text helpers", () => {
  it("strips escapes", () => assert.equal(stripAnsi("\x1b[1;31mred\x1b[0m \x1b]0;title\x07ok\r"), "red ok"));
  // What agent CLIs print and util.stripVTControlCharacters (Node 20) leaves behind: private-mode
  // CSI (modifyOtherKeys), colon sub-parameters (curly underline, truecolor), intermediate bytes (cursor shape).
  it("strips the CSI forms Node's matcher misses", () => assert.equal(stripAnsi("\x1b[>4;2ma\x1b[4:3mb\x1b[38:2::1:2:3mc\x1b[2 qd\x1b[0m"), "abcd"));
  it("trims screens", () => assert.equal(trimScreen("a  \nb\n\n  \n"), "a\nb"));
  const ages: Array<[number, string]> = [[0, "0s"], [12_000, "12s"], [125_000, "2m"], [3_700_000, "1h"], [3 * 86_400_000 + 5, "3d"]];
  for (const [ms, text] of ages) it(`age ${text}`, () => assert.equal(formatAge(ms), text));
  it("sees text still in the prompt", () => {
    assert.equal(stillInPrompt("output\n\n❯ fix the bug please", "fix the bug please"), true);
    assert.equal(stillInPrompt("● received: x\n❯ ", "fix the bug please"), false);
  });
  it("sees text in the CLI's input line, not in the echo of a prompt sent before (screens of Codex 0.171)", () => {
    const line = codex.inputLine as RegExp;
    const listOpen = "› wrapup  [Skill] Close out the session.\n  enter insert · esc close\n› $wrapup\n  gpt-5.1-codex default · /p";
    const taken = "› $wrapup\n  gpt-5.1-codex default · /p";
    const submitted = "› $wrapup\n• Hello from the fake model.\n  Worked for <1s • 19:02\n› Ask Codex to do anything\n  gpt-5.1-codex default · /p";
    assert.equal(inPromptLine(listOpen, "$wrapup", line), true, "the skill list is open");
    assert.equal(inPromptLine(taken, "$wrapup", line), true, "the list took the first Enter: still to submit");
    assert.equal(inPromptLine(submitted, "$wrapup", line), false, "submitted: only the echo above holds it");
    assert.equal(inPromptLine("❯\u00a0/wrapup", "/wrapup", claude.inputLine as RegExp), true);
    assert.equal(inPromptLine("❯ /wrapup\n● done\n❯\u00a0", "/wrapup", claude.inputLine as RegExp), false);
  });
});
