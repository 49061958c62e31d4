import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { manifestName, parseManifest } from "../../../src/detect/parse.ts";
import { formatProblem } from "../../../src/detect/problems.ts";

// What a user sees for a mistake in ~/.config/agentmux/agents/<name>.yml: file:line:col, the key (rules by name), the fix.
const FILE = "/home/u/.config/agentmux/agents/my agent.yml";
const seen = (text: string) => {
  const { manifest, problems } = parseManifest(text, FILE, { builtin: false });
  assert.equal(manifest, null);
  return problems.map(formatProblem);
};

describe("parseManifest", () => {
  it("a valid file gives a compiled manifest named after the file", () => {
    const { manifest, problems } = parseManifest("description: My agent\nalternateScreen: true\nrules:\n  - {name: composer, state: idle, priority: 10, region: {bottom: 4}, regex: '^› '}\n", FILE, { builtin: true });
    assert.deepEqual(problems, []);
    assert.equal(manifest?.name, "my agent");
    assert.equal(manifest.description, "My agent");
    assert.equal(manifest.alternateScreen, true);
    assert.equal(manifest.builtin, true);
    assert.deepEqual(manifest.rules.map((r) => [r.name, r.region]), [["composer", { kind: "bottom", lines: 4 }]]);
  });

  it("a regex that does not compile is placed at its value, the rule named", () => {
    assert.deepEqual(seen("rules:\n  - name: dialog\n    state: blocked\n    priority: 5\n    regex: '(unclosed'\n"), [
      `${FILE}:5:12: rules.dialog.regex: invalid regular expression: missing closing ): \`(unclosed\` (write an RE2 regular expression: no lookahead or backreferences, \\x{a0} for a code point, a backslash before ( ) [ ] { } . * + ? | to match it)`,
    ]);
  });

  it("a nested regex is addressed through not/any/all", () => {
    const text = "promptBox: '^> '\nrules:\n  - name: box\n    state: idle\n    priority: 1\n    all:\n      - contains: x\n      - region: prompt-box\n        not: {regex: '['}\n";
    assert.deepEqual(seen(text), [`${FILE}:9:22: rules.box.all[1].not.regex: invalid regular expression: missing closing ]: \`[\` (write an RE2 regular expression: no lookahead or backreferences, \\x{a0} for a code point, a backslash before ( ) [ ] { } . * + ? | to match it)`]);
  });

  it("a region that needs the prompt box, in a manifest without one, is placed at the region", () => {
    assert.deepEqual(seen("rules:\n  - name: status\n    state: working\n    priority: 5\n    region: {above-prompt: 3}\n    contains: esc\n"), [
      `${FILE}:5:13: rules.status.region: region above-prompt needs the manifest's promptBox (add promptBox: a regex for the line that starts the input box (the structural regions are found from it))`,
    ]);
  });

  it("unknown keys and unknown states are schema problems with a did-you-mean, the rule named", () => {
    assert.deepEqual(seen("rules:\n  - name: status\n    state: workin\n    priority: 5\n    contans: esc\n"), [
      `${FILE}:3:12: rules.status.state: "workin" is not one of working, blocked, idle (did you mean working?)`,
      `${FILE}:5:5: rules.status.contans: unknown key "contans" (did you mean contains?)`,
    ]);
  });

  it("an unknown top-level key is reported at the key", () => {
    assert.deepEqual(seen("promptbox: '^> '\nrules:\n  - {name: a, state: idle, priority: 1, contains: x}\n"), [`${FILE}:1:1: promptbox: unknown key "promptbox" (did you mean promptBox?)`]);
  });

  it("schema words for rules and matchers read plainly", () => {
    assert.deepEqual(seen("rules: 5\n"), [`${FILE}:1:8: rules: expected a list of rules (write rules as a YAML list)`]);
    assert.match(seen("rules:\n  - {name: a, state: idle, priority: 1, not: 3}\n")[0] ?? "", /rules\.a\.not: expected a matcher \(contains, regex, not, any or all, and a region\)/);
  });

  it("a rule whose name is not one word, or is duplicated, is addressed by its index", () => {
    const problems = seen("rules:\n  - {name: ask question, state: idle, priority: 1, regex: '('}\n  - {name: a, state: idle, priority: 1, contains: x}\n  - {name: a, state: idle, priority: 2, contains: ''}\n");
    assert.deepEqual(problems.map((p) => p.split(": ")[1]), ["rules[0].regex", "rules[2].name", "rules[2].contains"]);
  });

  it("YAML syntax errors are placed where the parser stopped", () => {
    assert.deepEqual(seen("rules: ["), [`${FILE}:1:9: (syntax): Flow sequence in block collection must be sufficiently indented and end with a ] (fix the YAML syntax)`]);
  });

  it("a duplicate key is a syntax error, not a silent override", () => {
    const [problem] = seen("rules:\n  - {name: a, state: idle, priority: 1, contains: x}\nrules: []\n");
    assert.match(problem ?? "", /^.+my agent\.yml:3:1: \(syntax\): Map keys must be unique/);
  });

  it("an empty file has no rules, reported at 1:1", () => {
    assert.deepEqual(seen(""), [`${FILE}:1:1: (top level): no rules (add rules: a list of {name, state, priority, region, contains|regex|not|any|all})`]);
  });

  it("a missing key of a rule is placed at the rule", () => {
    assert.deepEqual(seen("rules:\n  - contains: x\n    name: a\n    state: idle\n"), [`${FILE}:2:5: rules.a: rule has no priority (add priority: a number; the highest matching rule wins)`]);
  });
});

describe("manifestName", () => {
  it("is the file's base name without .yml or .yaml", () => {
    assert.deepEqual([manifestName("/a/b/codex.yml"), manifestName("my agent.yaml"), manifestName("/x/#1 % tool.yml")], ["codex", "my agent", "#1 % tool"]);
  });
});
