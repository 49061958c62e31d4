import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { detect } from "../../../src/detect/detect.ts";
import { parseManifest } from "../../../src/detect/parse.ts";
import type { DetectInput, Manifest } from "../../../src/detect/types.ts";
import { evalInChild, srcUrl } from "../../helpers/in-child.ts";

const ROOT = new URL("../../../", import.meta.url);

function builtin(agent: string): Manifest {
  const file = new URL(`manifests/${agent}.yml`, ROOT);
  const { manifest } = parseManifest(readFileSync(file, "utf8"), file.pathname, { builtin: true });
  assert.ok(manifest);
  return manifest;
}

/** A screen captured from the real CLI, with the title and alternate-screen flag tmux reported. */
function captured(name: string): DetectInput {
  const dir = new URL("test/fixtures/real/screens/", ROOT);
  const meta = new Map(readFileSync(new URL(`${name}.meta.txt`, dir), "utf8").split("\n").filter((l) => l.includes("=")).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
  return { screen: readFileSync(new URL(`${name}.txt`, dir), "utf8"), title: meta.get("pane_title"), alternate: meta.get("alternate_on") === "1" };
}

function small(rules: string, head = "promptBox: '^> '\n"): Manifest {
  const { manifest, problems } = parseManifest(`${head}rules:\n${rules}`, "/agents/t.yml", { builtin: false });
  assert.deepEqual(problems, []);
  assert.ok(manifest);
  return manifest;
}

describe("detect on real Codex screens", () => {
  const codex = builtin("codex");

  it("a command approval dialog is blocked on permission, the question as evidence", () => {
    const v = detect(codex, captured("codex-permission"));
    assert.deepEqual([v.state, v.cause, v.rule, v.priority, v.region, v.paused], ["blocked", "permission", "approval", 100, "screen", false]);
    assert.equal(v.evidence, "  Would you like to run the following command?");
  });

  it("the rules that also matched the dialog lose to the higher priority, and half-matching dialogs say what was missing", () => {
    const near = detect(codex, captured("codex-permission")).near;
    assert.deepEqual(near.map((n) => [n.rule, n.reason]), [
      ["approval-choices", "matched, but approval has a higher priority (100)"],
      ["selection", "matched, but approval has a higher priority (100)"],
      ["title-action-required", "matched, but approval has a higher priority (100)"],
      ["trust", "1 of 2 conditions held; not regex /^\\s*Trust this folder\\?/ in the bottom 12 lines"],
      ["hooks-review", "1 of 2 conditions held; not regex /^\\s*Hooks need review/ in the bottom 16 lines"],
    ]);
  });

  it("without near misses (the daemon's looks) the verdict is the same, its near list empty", () => {
    for (const name of ["codex-permission", "codex-idle", "codex-working"]) {
      const full = detect(codex, captured(name));
      assert.deepEqual(detect(codex, captured(name), { near: false }), { ...full, near: [] }, name);
    }
  });

  it("the composer alone is idle", () => {
    const v = detect(codex, captured("codex-idle"));
    assert.deepEqual([v.state, v.rule, v.cause, v.evidence, v.near], ["idle", "composer", null, "› Ask Codex to do anything", []]);
  });

  it("a status line above the composer is working, though the composer shows too", () => {
    const v = detect(codex, captured("codex-working"));
    assert.deepEqual([v.state, v.rule, v.evidence], ["working", "status-line", "• Working (1s • esc to interrupt)"]);
    assert.deepEqual(v.near.map((n) => n.rule), ["title-spinner", "composer"]);
  });

  it("an interrupted turn is blocked on interrupted", () => {
    const v = detect(codex, captured("codex-interrupted"));
    assert.deepEqual([v.state, v.cause, v.rule], ["blocked", "interrupted", "interrupted"]);
  });

  it("Codex draws in the alternate screen, so its screen rules run there", () => {
    assert.equal(codex.alternateScreen, true);
    assert.equal(detect(codex, { ...captured("codex-idle"), alternate: true }).paused, false);
  });
});

describe("detect on real Claude screens", () => {
  const claude = builtin("claude");

  it("a permission prompt is blocked on permission", () => {
    const v = detect(claude, captured("claude-permission"));
    assert.deepEqual([v.state, v.cause, v.rule, v.evidence], ["blocked", "permission", "permission", " Do you want to proceed?"]);
  });

  it("the idle title decides alone when nothing on screen outranks it", () => {
    const v = detect(claude, captured("claude-idle"));
    assert.deepEqual([v.state, v.rule, v.region, v.evidence], ["idle", "title-idle", "title", "✳ E2E fake session title"]);
  });

  it("with a full-screen program in the alternate screen only title rules run", () => {
    const v = detect(claude, { ...captured("claude-permission"), alternate: true });
    assert.deepEqual([v.paused, v.state, v.rule, v.region], [true, "idle", "title-idle", "title"]);
  });
});

describe("detect: a user rule that a backtracking engine takes exponential time on", () => {
  it("(\\w|\\d)+$ against a line of 40 digits and a ! gives a verdict (it hung agentmux detect and the daemon)", () => {
    const manifest = "match: {commands: [digits]}\nrules:\n  - {name: digits, state: working, priority: 1, regex: '(\\w|\\d)+$'}\n  - {name: bang, state: idle, priority: 2, regex: '!$'}\n";
    // In a child with a timeout: with a backtracking engine the test fails instead of hanging the suite.
    const verdict = evalInChild<{ problems: unknown[]; state: string; rule: string; near: unknown[] }>(`
      const { parseManifest } = await import(${JSON.stringify(srcUrl("detect/parse.ts"))});
      const { detect } = await import(${JSON.stringify(srcUrl("detect/detect.ts"))});
      const { manifest, problems } = parseManifest(${JSON.stringify(manifest)}, "digits.yml", { builtin: false });
      const v = detect(manifest, { screen: "1".repeat(40) + "!\\n" });
      process.stdout.write(JSON.stringify({ problems, state: v.state, rule: v.rule, near: v.near }));`, 30_000);
    assert.deepEqual(verdict, { problems: [], state: "idle", rule: "bang", near: [] });
  });
});

describe("detect: resolution", () => {
  const r = (name: string, state: string, priority: number, body: string) => `  - {name: ${name}, state: ${state}, priority: ${priority}, ${body}}\n`;

  it("nothing matching is unknown with nothing decided, never a guess", () => {
    const v = detect(small(r("busy", "working", 5, "contains: esc to interrupt")), { screen: "> hello \"world\" #1 %50", title: "my agent" });
    assert.deepEqual(v, { state: "unknown", rule: null, priority: null, evidence: null, near: [], paused: false, cause: null, region: null });
  });

  it("at equal priority a blocker beats working and working beats idle, with the reason on the losers", () => {
    const m = small(r("i", "idle", 5, "contains: x") + r("w", "working", 5, "contains: x") + r("b", "blocked", 5, "contains: x"));
    const v = detect(m, { screen: "x" });
    assert.equal(v.rule, "b");
    assert.deepEqual(v.near.map((n) => n.reason), ["matched, but blocked beats working at equal priority (b)", "matched, but blocked beats idle at equal priority (b)"]);
  });

  it("an all-rule whose missing part is in a region not on screen says so", () => {
    const m = small(r("box", "working", 5, "all: [{contains: x}, {region: prompt-box, contains: esc}]"));
    const v = detect(m, { screen: "x\nno prompt here" });
    assert.equal(v.state, "unknown");
    assert.deepEqual(v.near, [{ rule: "box", state: "working", priority: 5, reason: "1 of 2 conditions held; not contains \"esc\" in the prompt box (that region is not on screen)" }]);
  });

  it("an all-rule of which nothing held is no near miss", () => {
    const v = detect(small(r("box", "working", 5, "all: [{contains: x}, {contains: y}]")), { screen: "nothing" });
    assert.deepEqual(v.near, []);
  });

  it("a rule that reads the title and the screen is decided by the screen", () => {
    const m = small(r("mixed", "working", 5, "all: [{region: title, contains: ⠋}, {contains: busy}]"));
    assert.deepEqual(detect(m, { screen: "busy", title: "⠋ my agent" }).region, "screen");
    assert.deepEqual(detect(m, { screen: "busy", title: "my agent" }).state, "unknown");
  });

  it("without alternateScreen a manifest's screen rules pause in the alternate screen", () => {
    const m = small(r("screen", "idle", 5, "contains: x") + r("title", "working", 1, "region: title, contains: ⠋"), "");
    assert.deepEqual([detect(m, { screen: "x", alternate: true }).state, detect(m, { screen: "x", title: "⠋ t", alternate: true }).rule], ["unknown", "title"]);
    assert.equal(detect(m, { screen: "x", alternate: true }).paused, true);
  });
});
