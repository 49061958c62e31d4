import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Skill } from "../../../src/skills/discover.ts";
import type { SkillArgument } from "../../../src/skills/frontmatter.ts";
import { argumentText, checkValues, completeValues, invocationText, quoteWord, spreadWords } from "../../../src/skills/invoke.ts";
import { throwsLine } from "../../helpers/assert-error.ts";

const arg = (name: string, extra: Partial<SkillArgument> = {}): SkillArgument => ({ name, description: null, source: "text", choices: null, default: null, multiple: false, required: true, ...extra });

function skill(args: SkillArgument[], backend: Skill["backend"] = "claude"): Skill {
  return { id: "rev", name: "rev", backend, scope: "global", dir: "/s/rev", file: "/s/my skills/rev/SKILL.md", meta: { name: "rev", description: "", argumentHint: null, arguments: args, userInvocable: true, model: null } };
}

describe("skill invocation", () => {
  it("spreads the words over the declared arguments; a last multiple one takes the rest", () => {
    const { values, rest } = spreadWords([arg("who"), arg("files", { multiple: true })], ["%12", "a.md", "b c.md"]);
    assert.deepEqual([...values], [["who", ["%12"]], ["files", ["a.md", "b c.md"]]]);
    assert.deepEqual(rest, []);
    const extra = spreadWords([arg("who")], ["%3", "more", "words"]);
    assert.deepEqual(extra.rest, ["more", "words"]);
    assert.deepEqual(spreadWords([], ["x y"]).rest, ["x y"]);
  });

  it("fills defaults; a required argument left without a value is an error naming it", () => {
    const s = skill([arg("level", { default: ["low"] }), arg("note", { required: false }), arg("target", { description: "the session" })]);
    throwsLine(() => completeValues(s, new Map()), /skill rev needs its argument "target" \(the session\) \(pass it after the name/);
    const done = completeValues(s, new Map([["target", ["%1"]]]));
    assert.deepEqual([...done], [["target", ["%1"]], ["level", ["low"]]]);
  });

  it("checks choices and single values", () => {
    const s = skill([arg("level", { choices: ["low", "high"] })]);
    throwsLine(() => checkValues(s, new Map([["level", ["mid"]]])), /"mid" is not a choice of argument "level" \(one of: low, high\)/);
    throwsLine(() => checkValues(s, new Map([["level", ["low", "high"]]])), /takes one value, got 2/);
    checkValues(s, new Map([["level", ["high"]]]));
  });

  it("quotes words holding spaces or quotes", () => {
    assert.equal(quoteWord("plain-%#ü"), "plain-%#ü");
    assert.equal(quoteWord("two words"), "\"two words\"");
    assert.equal(quoteWord("it's \"x\""), "\"it's \\\"x\\\"\"");
    assert.equal(quoteWord(""), "\"\"");
  });

  it("types /name args for Claude, $name args for Codex; a configured skill becomes a prompt naming its SKILL.md", () => {
    const s = skill([arg("who"), arg("level")]);
    const text = argumentText(s, new Map([["level", ["high"]], ["who", ["%12"]]]), ["and more"]);
    assert.equal(text, "%12 high \"and more\"");
    assert.equal(invocationText(s, "/", text), "/rev %12 high \"and more\"");
    assert.equal(invocationText(skill([], "codex"), "$", ""), "$rev");
    assert.equal(invocationText(skill([], null), "/", "x"), "Read the skill in /s/my skills/rev/SKILL.md and follow its instructions. Its arguments: x");
    throwsLine(() => invocationText(s, undefined, ""), /claude has no skill commands/);
  });
});
