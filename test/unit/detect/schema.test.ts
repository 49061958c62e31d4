import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { expected } from "../../../src/config/schema.ts";
import { MANIFEST_SCHEMA, plainWords } from "../../../src/detect/schema.ts";
import { validateYaml } from "../../../src/config/validate.ts";

// The manifest schema's shape, through the validator: what it lets through and what it calls a mistake.
const problems = (text: string) => validateYaml(text, MANIFEST_SCHEMA).problems.map((p) => `${p.line}:${p.col} ${p.key}: ${plainWords(p.message)}`);

describe("MANIFEST_SCHEMA", () => {
  it("accepts every region form and nested matchers", () => {
    const text = "promptBox: '^> '\nalternateScreen: true\nmatch: {commands: [codex], processes: ['@openai/codex/'], titles: ['^⠋']}\nrules:\n"
      + "  - {name: a, state: blocked, priority: 1, cause: permission, region: {bottom: 3}, all: [{contains: x, region: title}, {not: {regex: y}, region: {above-prompt: 2}}, {any: [{contains: z, region: prompt-box}]}]}\n";
    assert.deepEqual(problems(text), []);
  });

  it("refuses a region that is none of its forms, or a size below 1, naming every form", () => {
    assert.deepEqual(problems("rules:\n  - {name: a, state: idle, priority: 1, contains: x, region: middle}\n"), ["2:62 rules[0].region: expected screen, title, prompt-box, live, status, footer, input, modal, transcript, {bottom: N} or {above-prompt: N}"]);
    assert.deepEqual(problems("rules:\n  - {name: a, state: idle, priority: 1, contains: x, region: {bottom: 0}}\n"), ["2:62 rules[0].region: expected screen, title, prompt-box, live, status, footer, input, modal, transcript, {bottom: N} or {above-prompt: N}"]);
  });
});

describe("plainWords", () => {
  it("replaces the schema's generic words for rules and matchers", () => {
    const rules = MANIFEST_SCHEMA.shape.kind === "object" ? MANIFEST_SCHEMA.shape.fields["rules"] : undefined;
    assert.ok(rules);
    assert.equal(plainWords(`expected ${expected(rules)}`), "expected a list of rules");
    assert.equal(plainWords("expected a string"), "expected a string");
  });
});
