import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { displayNames } from "../../src/session/display-name.ts";
import { inPromptLine, stillInPrompt } from "../../src/session/send.ts";
import { claude } from "../../src/backends/claude/index.ts";
import { codex } from "../../src/backends/codex/index.ts";
import { resolveTarget } from "../../src/session/target.ts";
import { throwsLine } from "../helpers/assert-error.ts";
import { formatAge, stripAnsi, trimScreen } from "../../src/util/text.ts";

const s = (pane: string, dir: string, instance = "", backend = "claude", label = "") => ({ pane, dir, instance, backend, label });

describe("display names", () => {
  const rows: Array<[string, ReturnType<typeof s>[], Record<string, string>, boolean?]> = [
    ["project directory name", [s("%1", "/r/api")], { "%1": "api" }],
    ["trailing slash", [s("%1", "/r/api/")], { "%1": "api" }],
    ["instance always shown", [s("%1", "/r/api", "review")], { "%1": "api:review" }],
    ["shared directory: instance or pane id", [s("%1", "/r/api", "a"), s("%2", "/r/api")], { "%1": "api:a", "%2": "api:%2" }],
    ["same name, other dirs", [s("%1", "/r/api"), s("%2", "/s/api")], { "%1": "api", "%2": "api" }],
    ["backend suffix", [s("%1", "/r/api", "", "codex")], { "%1": "api@codex" }, true],
    ["rename wins", [s("%1", "/r/api", "a", "claude", "boss")], { "%1": "boss" }],
  ];
  for (const [name, input, expected, suffix] of rows) {
    it(name, () => assert.deepEqual(Object.fromEntries(displayNames(input, { backendSuffix: suffix ?? false })), expected));
  }
});

describe("target resolution", () => {
  const sessions = [
    { pane: "%1", name: "api", instance: "" },
    { pane: "%2", name: "api:review", instance: "review" },
    { pane: "%3", name: "web:review", instance: "review" },
    { pane: "%4", name: "docs:w1", instance: "w1" },
  ];
  it("pane id", () => assert.equal(resolveTarget("%3", sessions).pane, "%3"));
  it("display name", () => assert.equal(resolveTarget("api:review", sessions).pane, "%2"));
  it("instance name", () => assert.equal(resolveTarget("w1", sessions).pane, "%4"));
  it("ambiguous instance lists candidates", () => throwsLine(() => resolveTarget("review", sessions), /ambiguous: api:review \(%2\), web:review \(%3\).*pane id/));
  it("unknown lists sessions", () => throwsLine(() => resolveTarget("nope", sessions), /no session "nope" \(sessions: api \(%1\), api:review/));
  it("none at all points to new", () => throwsLine(() => resolveTarget("x", []), /agentmux new/));
});

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
