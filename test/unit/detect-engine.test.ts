import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { detect, parseManifest, type Manifest } from "../../src/detect/index.ts";
import { descendants, parsePs } from "../../src/detect/process-tree.ts";
import { identifyAgent } from "../../src/detect/identify.ts";

// The matcher and the resolution, on small manifests written for each case.
function manifest(yaml: string, file = "/agents/t.yml"): Manifest {
  const { manifest: m, problems } = parseManifest(yaml, file, { builtin: false });
  assert.deepEqual(problems, []);
  assert.ok(m);
  return m;
}

const rules = (...r: string[]) => manifest(`promptBox: '^> '\nrules:\n${r.join("\n")}\n`);
const r = (name: string, state: string, priority: number, body: string) => `  - {name: ${name}, state: ${state}, priority: ${priority}, ${body}}`;

describe("resolution", () => {
  it("the highest priority wins", () => {
    const m = rules(r("a", "blocked", 1, "contains: x"), r("b", "idle", 5, "contains: x"));
    assert.deepEqual([detect(m, { screen: "x" }).state, detect(m, { screen: "x" }).rule], ["idle", "b"]);
  });
  it("at equal priority blocked beats working beats idle, whatever the order in the file", () => {
    const m = rules(r("i", "idle", 5, "contains: x"), r("w", "working", 5, "contains: x"), r("b", "blocked", 5, "contains: y"));
    assert.equal(detect(m, { screen: "x" }).rule, "w");
    assert.equal(detect(m, { screen: "x\ny" }).rule, "b");
  });
  it("at equal priority and state the first rule in the file wins", () => {
    const m = rules(r("one", "idle", 5, "contains: x"), r("two", "idle", 5, "contains: x"));
    const v = detect(m, { screen: "x" });
    assert.equal(v.rule, "one");
    assert.deepEqual(v.near.map((n) => [n.rule, n.reason]), [["two", "matched, but one comes first at equal priority"]]);
  });
  it("the verdict carries the deciding rule's cause (null without one) and whether only the title decided", () => {
    const m = rules(
      r("dlg", "blocked", 9, "cause: question, contains: ask"),
      r("mixed", "working", 5, "all: [{region: title, contains: T}, {contains: busy}]"),
      r("both-title", "working", 4, "region: title, all: [{contains: T}, {not: {contains: Z}}]"),
      r("t", "idle", 1, "region: title, cause: background, contains: T"),
    );
    const pick = (screen: string, title?: string) => { const v = detect(m, { screen, title }); return [v.rule, v.cause, v.region]; };
    assert.deepEqual(pick("ask"), ["dlg", "question", "screen"]);
    assert.deepEqual(pick("busy", "T"), ["mixed", null, "screen"]);
    assert.deepEqual(pick("", "T"), ["both-title", null, "title"]);
    assert.deepEqual(pick("", "TZ"), ["t", "background", "title"]);
    assert.deepEqual(pick("", "none"), [null, null, null]);
  });
  it("nothing matching is unknown, never a guess", () => {
    const v = detect(rules(r("a", "idle", 1, "contains: x")), { screen: "hello" });
    assert.deepEqual({ state: v.state, rule: v.rule, priority: v.priority, evidence: v.evidence }, { state: "unknown", rule: null, priority: null, evidence: null });
  });
  it("near lists rules that matched but lost, and `all` rules that partly held", () => {
    const m = rules(r("win", "blocked", 9, "contains: x"), r("lost", "working", 3, "contains: x"), r("part", "blocked", 9, "all: [{contains: x}, {contains: zzz}]"));
    const v = detect(m, { screen: "x" });
    assert.equal(v.rule, "win");
    assert.deepEqual(v.near, [
      { rule: "lost", state: "working", priority: 3, reason: "matched, but win has a higher priority (9)" },
      { rule: "part", state: "blocked", priority: 9, reason: '1 of 2 conditions held; not contains "zzz"' },
    ]);
  });
  it("several matcher keys on one rule must all hold", () => {
    const m = rules(r("a", "idle", 1, "contains: x, not: {contains: y}"));
    assert.equal(detect(m, { screen: "x" }).state, "idle");
    assert.equal(detect(m, { screen: "x\ny" }).state, "unknown");
  });
  it("any, all and not nest", () => {
    const m = rules(r("a", "idle", 1, "any: [{all: [{contains: p}, {not: {contains: q}}]}, {regex: '^r$'}]"));
    assert.deepEqual(["p", "p q", "r", "rr", "x"].map((s) => detect(m, { screen: s }).state), ["idle", "unknown", "idle", "unknown", "unknown"]);
  });
  it("the evidence is the line that matched", () => {
    assert.equal(detect(rules(r("a", "idle", 1, "regex: 'b+'")), { screen: "a\nabbb\nc" }).evidence, "abbb");
  });
});

describe("regions", () => {
  const screen = ["top x", "> history", "", "above y", "", "> input", "footer z", "", "", ""].join("\n");
  const on = (region: string, body: string) => detect(rules(r("a", "idle", 1, `region: ${region}, ${body}`)), { screen, title: "T" }).state;
  it("a regex is tested line by line (^ and $ are a line's)", () => {
    assert.equal(on("screen", "regex: '^above y$'"), "idle");
    assert.equal(on("screen", "regex: 'x\\nabove'"), "unknown");
  });
  it("bottom N counts non-empty lines, trailing blank lines stripped", () => {
    assert.equal(on("{bottom: 1}", "contains: footer"), "idle");
    assert.equal(on("{bottom: 2}", "contains: above"), "unknown");
    assert.equal(on("{bottom: 3}", "contains: above"), "idle");
  });
  it("the prompt box starts at the last line matching promptBox", () => {
    assert.equal(on("prompt-box", "contains: footer"), "idle");
    assert.equal(on("prompt-box", "contains: above"), "unknown");
    assert.equal(on("{above-prompt: 1}", "contains: above y"), "idle");
    assert.equal(on("{above-prompt: 1}", "contains: history"), "unknown");
    assert.equal(on("{above-prompt: 2}", "contains: history"), "idle");
  });
  it("no prompt box on screen: its regions do not exist, and `not` over them does not hold either", () => {
    const m = rules(r("a", "idle", 1, "region: prompt-box, not: {contains: q}"));
    assert.equal(detect(m, { screen: "> here" }).state, "idle");
    assert.equal(detect(m, { screen: "nothing" }).state, "unknown");
  });
  it("the title is its own region; no title, no title rules", () => {
    const m = rules(r("a", "working", 1, "region: title, regex: '^⠋'"));
    assert.equal(detect(m, { screen: "⠋ on screen", title: "⠋ x" }).state, "working");
    assert.equal(detect(m, { screen: "⠋ on screen" }).state, "unknown");
    assert.equal(detect(m, { screen: "", title: "x ⠋" }).state, "unknown");
  });
  it("a matcher's own region overrides the rule's", () => {
    const m = rules(r("a", "blocked", 1, "region: {bottom: 1}, all: [{contains: footer}, {region: title, contains: T}]"));
    assert.equal(detect(m, { screen, title: "T" }).state, "blocked");
    assert.equal(detect(m, { screen, title: "U" }).state, "unknown");
  });
  it("the alternate screen pauses screen rules of an agent that does not draw there; title rules still run", () => {
    const m = rules(r("s", "working", 9, "contains: x"), r("t", "idle", 1, "region: title, contains: T"));
    const paused = detect(m, { screen: "x", title: "T", alternate: true });
    assert.deepEqual([paused.state, paused.paused], ["idle", true]);
    const own = manifest(`alternateScreen: true\nrules:\n${r("s", "working", 9, "contains: x")}\n`);
    assert.deepEqual([detect(own, { screen: "x", alternate: true }).state, detect(own, { screen: "x", alternate: true }).paused], ["working", false]);
  });
});

describe("identifyAgent", () => {
  const a = manifest("match: {commands: [alpha], processes: [alpha, '@x/alpha/'], titles: ['^A ']}\nrules: [{name: r, state: idle, priority: 1, contains: x}]\n", "/m/alpha.yml");
  const b = manifest("match: {commands: [beta], titles: ['^B ']}\nrules: [{name: r, state: idle, priority: 1, contains: x}]\n", "/m/beta.yml");
  const cases: Array<[string, Parameters<typeof identifyAgent>[1], string | null]> = [
    ["by pane_current_command", { command: "beta" }, "beta"],
    ["the command beats the title", { command: "alpha", title: "B x" }, "alpha"],
    ["by a process basename", { command: "node", processes: ["bash", "/usr/local/bin/alpha --flag"] }, "alpha"],
    ["by an interpreter's script", { command: "node", processes: ["node --no-warnings /usr/lib/alpha.js"] }, "alpha"],
    ["by a path fragment", { command: "node", processes: ["node /usr/lib/node_modules/@x/alpha/dist/index.js"] }, "alpha"],
    ["a directory named like the agent is not the agent", { command: "node", processes: ["node /home/me/alpha/tool.js"] }, null],
    ["by title, last", { command: "bash", title: "B working" }, "beta"],
    ["nothing known", { command: "bash", processes: ["bash"], title: "host" }, null],
  ];
  for (const [name, facts, want] of cases) it(name, () => assert.equal(identifyAgent([a, b], facts), want));
});

describe("the process tree under a pane", () => {
  it("lists the root and its descendants, nearest first", () => {
    const ps = parsePs("    1     0 init\n  100     1 bash\n  200   100 node /usr/bin/codex\n  300   200 /opt/codex/codex\n  400     1 other\n");
    assert.deepEqual(descendants(ps, 100), ["bash", "node /usr/bin/codex", "/opt/codex/codex"]);
    assert.deepEqual(descendants(ps, 999), []);
  });
});
