import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { detect } from "../../../src/detect/detect.ts";
import { explainVerdict, verdictLine } from "../../../src/detect/explain.ts";
import { parseManifest } from "../../../src/detect/parse.ts";
import type { Manifest, Verdict } from "../../../src/detect/types.ts";

const ROOT = new URL("../../../", import.meta.url);
const codex = (() => {
  const file = new URL("manifests/codex.yml", ROOT);
  const { manifest } = parseManifest(readFileSync(file, "utf8"), "manifests/codex.yml", { builtin: true });
  assert.ok(manifest);
  return manifest;
})();
const screen = (name: string) => readFileSync(new URL(`test/fixtures/real/screens/${name}.txt`, ROOT), "utf8");

function small(rules: string): Manifest {
  const { manifest } = parseManifest(`rules:\n${rules}`, "/home/u/.config/agentmux/agents/my agent.yml", { builtin: false });
  assert.ok(manifest);
  return manifest;
}

const unknown: Verdict = { state: "unknown", rule: null, priority: null, evidence: null, near: [], paused: false, cause: null, region: null };

describe("verdictLine", () => {
  it("names the state, the cause when there is one, and the rule", () => {
    assert.equal(verdictLine("codex", { ...unknown, state: "blocked", rule: "approval", cause: "permission" }), "codex: blocked: permission (rule approval)");
    assert.equal(verdictLine("my agent", { ...unknown, state: "idle", rule: "composer" }), "my agent: idle (rule composer)");
    assert.equal(verdictLine("my agent", unknown), "my agent: unknown (no rule matched)");
  });
});

describe("explainVerdict", () => {
  it("on a real Codex approval: the rule that fired, what it matched, and the rules that nearly did", () => {
    assert.deepEqual(explainVerdict(codex, detect(codex, { screen: screen("codex-permission"), title: "[ . ] Action Required | work-codex", alternate: true })), [
      "codex: blocked: permission (rule approval)",
      "  manifest: manifests/codex.yml",
      "  fired: approval (blocked, cause permission, priority 100, the screen): all of (regex /^\\s*(?:Would you like to|Do you want to|Allow|Approve)\\b.*\\?$/ in the bottom 20 lines; regex /[Pp]ress enter to confirm/ in the bottom 3 lines)",
      "    matched: \"Would you like to run the following command?\"",
      "  decided by: the screen",
      "  nearly:",
      "    approval-choices (blocked, priority 96): matched, but approval has a higher priority (100)",
      "    selection (blocked, priority 95): matched, but approval has a higher priority (100)",
      "    title-action-required (blocked, priority 90): matched, but approval has a higher priority (100)",
      "    trust (blocked, priority 100): 1 of 2 conditions held; not regex /^\\s*Trust this folder\\?/ in the bottom 12 lines",
      "    hooks-review (blocked, priority 100): 1 of 2 conditions held; not regex /^\\s*Hooks need review/ in the bottom 16 lines",
    ]);
  });

  it("the composer alone: idle, nothing nearly", () => {
    const lines = explainVerdict(codex, detect(codex, { screen: screen("codex-idle"), title: "work-codex" }));
    assert.deepEqual(lines.slice(2), ["  fired: composer (idle, priority 10, the bottom 4 lines): regex /^› (?:$|\\D|\\d+(?:$|[^\\d.]|\\.(?:$|[^ ])))/", "    matched: \"› Ask Codex to do anything\"", "  decided by: the screen", "  nearly: none"]);
  });

  it("nothing matched: says how many rules were tried and that unknown is never guessed", () => {
    const m = small("  - {name: a, state: idle, priority: 1, contains: x}\n  - {name: b, state: working, priority: 2, contains: y}\n");
    assert.deepEqual(explainVerdict(m, detect(m, { screen: "\"quoted\" #1 100%" })), [
      "my agent: unknown (no rule matched)",
      "  manifest: /home/u/.config/agentmux/agents/my agent.yml",
      "  fired: nothing, of 2 rules (unknown is never guessed)",
      "  nearly: none",
    ]);
  });

  it("a paused screen and a title-only decision are said; a rule matched by not has no matched line", () => {
    const m = small("  - {name: spinner, state: working, priority: 5, region: title, not: {contains: ✳}}\n");
    const lines = explainVerdict(m, detect(m, { screen: "x", title: "⠋ my agent", alternate: true }));
    assert.deepEqual(lines.slice(2), [
      "  screen rules paused: a full-screen program holds the alternate screen (only title rules ran)",
      "  fired: spinner (working, priority 5, the title): not (contains \"✳\")",
      "  decided by: the title only",
      "  nearly: none",
    ]);
  });
});
