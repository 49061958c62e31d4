import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { compileManifest, type CompileContext, type Path } from "../../../src/detect/compile.ts";
import { compileUserRegex } from "../../../src/util/user-regex.ts";
import { ROOT } from "../../helpers/in-child.ts";
import type { RawManifest, RawRule } from "../../../src/detect/schema.ts";

// compileManifest on validated YAML values; the context places a path at line = its depth and names it by joining it,
// so each problem shows which key it is about (parse.test.ts checks the real file:line:col).
const ctx = (name = "my agent"): CompileContext => ({
  file: `/home/u/.config/agentmux/agents/${name}.yml`,
  builtin: false,
  name,
  at: (path: Path) => ({ line: path.length + 1, col: 1 }),
  keyOf: (path: Path) => path.join("."),
});
const rule = (extra: Partial<RawRule> = {}): RawRule => ({ name: "dialog", state: "blocked", priority: 50, contains: "Allow?", ...extra });
const problemsOf = (raw: RawManifest) => compileManifest(raw, ctx()).problems.map((p) => [p.key, p.message, p.fix]);

describe("compileManifest: a valid manifest", () => {
  it("keeps the file's name, its place and the defaults of what it leaves out", () => {
    const { manifest, problems } = compileManifest({ rules: [rule()] }, { ...ctx(), builtin: true });
    assert.deepEqual(problems, []);
    assert.ok(manifest);
    assert.equal(manifest.name, "my agent");
    assert.equal(manifest.file, "/home/u/.config/agentmux/agents/my agent.yml");
    assert.equal(manifest.builtin, true);
    assert.equal(manifest.description, "");
    assert.equal(manifest.promptBox, null);
    assert.equal(manifest.alternateScreen, false);
    assert.deepEqual(manifest.match, { commands: [], processes: [], titles: [] });
    assert.deepEqual(manifest.rules, [{ name: "dialog", state: "blocked", priority: 50, region: { kind: "screen" }, matcher: { kind: "contains", text: "Allow?" }, cause: null }]);
  });

  it("builds the prompt box and title regexes for RE2 (code points as \\x{…})", () => {
    const { manifest } = compileManifest({ promptBox: "^› (?:$|\\D|\\d+(?:$|[^\\d.]|\\.(?:$|[^ ])))", match: { commands: ["codex"], processes: ["@openai/codex/"], titles: ["^[\\x{2800}-\\x{28ff}] #%"] }, rules: [rule()] }, ctx());
    assert.ok(manifest?.promptBox);
    assert.equal(manifest.promptBox.test("› Ask Codex to do anything"), true);
    assert.equal(manifest.promptBox.test("› 1. Yes, proceed (y)"), false);
    assert.deepEqual(manifest.match.commands, ["codex"]);
    assert.deepEqual(manifest.match.processes, ["@openai/codex/"]);
    assert.equal(manifest.match.titles[0]?.test("⠋ #% \"quoted\" work"), true);
  });

  it("a rule with one condition is that condition; with several, all of them", () => {
    const { manifest } = compileManifest({ rules: [rule({ contains: "Allow?", regex: "^\\s*› \\d+\\." })] }, ctx());
    const matcher = manifest?.rules[0]?.matcher;
    assert.equal(matcher?.kind, "all");
    assert.deepEqual(matcher.kind === "all" && matcher.of.map((m) => m.kind), ["contains", "regex"]);
  });

  it("nested not/any/all keep their own regions, and a rule's region and cause are kept", () => {
    const { manifest, problems } = compileManifest({
      promptBox: "^> ",
      rules: [rule({ contains: undefined, cause: "rate-limit", region: { "above-prompt": 3 }, any: [{ not: { contains: "esc" }, region: "prompt-box" }, { regex: "^⠋", region: "title" }] })],
    }, ctx());
    assert.deepEqual(problems, []);
    const r = manifest?.rules[0];
    assert.deepEqual(r?.region, { kind: "above-prompt", lines: 3 });
    assert.equal(r?.cause, "rate-limit");
    assert.equal(r?.matcher.kind, "any");
    const [first, second] = r?.matcher.kind === "any" ? r.matcher.of : [];
    assert.deepEqual(first, { kind: "not", of: { kind: "contains", text: "esc" }, region: { kind: "prompt-box" } });
    assert.equal(second?.kind === "regex" && second.region?.kind, "title");
  });
});

describe("compileManifest: mistakes", () => {
  it("a regex that does not compile names its key, the reason and how to escape", () => {
    assert.deepEqual(problemsOf({ rules: [rule({ regex: "(unclosed" })] }), [
      ["rules.0.regex", "invalid regular expression: missing closing ): `(unclosed`", "write an RE2 regular expression: no lookahead or backreferences, \\x{a0} for a code point, a backslash before ( ) [ ] { } . * + ? | to match it"],
    ]);
  });

  it("a promptBox or title regex that does not compile is reported at its own key", () => {
    const keys = problemsOf({ promptBox: "[", match: { titles: ["ok", "(?<"] }, rules: [rule()] }).map(([key]) => key);
    assert.deepEqual(keys, ["promptBox", "match.titles.1"]);
  });

  it("what RE2 lacks (lookahead, backreferences, \\u escapes) is a problem naming the construct and the way to write it", () => {
    assert.deepEqual(problemsOf({ rules: [rule({ regex: "^› (?!\\d)" }), rule({ name: "b", regex: "(a)\\1" }), rule({ name: "c", regex: "\\u00a0" })] }), [
      ["rules.0.regex", "invalid regular expression: lookahead (?!…) is not supported: invalid or unsupported Perl syntax: `(?!`", "RE2 matches in linear time and has no lookahead: match the text itself, or split the rule with not:"],
      ["rules.1.regex", "invalid regular expression: backreferences (\\1) are not supported: invalid escape sequence: `\\1`", "RE2 matches in linear time and has no backreferences: match the repeated text itself"],
      ["rules.2.regex", "invalid regular expression: \\u escapes are not RE2: invalid escape sequence: `\\u`", "write a code point as \\x{00a0} (or \\x{1F600})"],
    ]);
  });

  it("a regex that would backtrack exponentially in a backtracking engine compiles: RE2 matches it in linear time", () => {
    assert.deepEqual(problemsOf({ rules: [rule({ regex: "^(a+)+$" }), rule({ name: "b", regex: "(\\w|\\d)+$" })] }), []);
  });

  it("prompt-box and above-prompt regions need a promptBox, wherever they are used", () => {
    assert.deepEqual(problemsOf({ rules: [rule({ region: "prompt-box" }), rule({ name: "status", contains: undefined, all: [{ contains: "x" }, { contains: "y", region: { "above-prompt": 2 } }] })] }), [
      ["rules.0.region", "region prompt-box needs the manifest's promptBox", "add promptBox: a regex for the line that starts the input box (the structural regions are found from it)"],
      ["rules.1.all.1.region", "region above-prompt needs the manifest's promptBox", "add promptBox: a regex for the line that starts the input box (the structural regions are found from it)"],
    ]);
  });

  it("layout.inputUnderRule is a whole number of lines and needs the rule it counts from", () => {
    assert.deepEqual(problemsOf({ layout: { inputUnderRule: 1.5, boxRule: "^─{10,}" }, rules: [rule()] }), [["layout.inputUnderRule", "1.5 is not a whole number of lines", "write inputUnderRule: 2"]]);
    assert.deepEqual(problemsOf({ layout: { inputUnderRule: 1 }, rules: [rule()] }), [["layout.inputUnderRule", "inputUnderRule needs layout.boxRule", "add boxRule: a regex for the rule drawn above the input line"]]);
  });

  it("layout.statusLines is a whole number of lines", () => {
    assert.deepEqual(problemsOf({ layout: { statusLines: 0.5 }, rules: [rule()] }), [["layout.statusLines", "0.5 is not a whole number of lines", "write statusLines: 1"]]);
  });

  it("a region size that is not a whole number suggests the nearest one", () => {
    assert.deepEqual(problemsOf({ rules: [rule({ region: { bottom: 2.5 } })] }), [["rules.0.region.bottom", "2.5 is not a whole number of lines", "write bottom: 3"]]);
    assert.deepEqual(problemsOf({ rules: [rule({ region: {} })] }), [["rules.0.region", "region has no size", "write {bottom: N} or {above-prompt: N}"]]);
  });

  it("a rule missing its name, state, priority and matcher gets one problem for each", () => {
    assert.deepEqual(problemsOf({ rules: [{}] }).map(([key, message]) => [key, message]), [
      ["rules.0", "rule has no name"],
      ["rules.0", "rule has no state"],
      ["rules.0", "rule has no priority"],
      ["rules.0", "rule has no matcher"],
    ]);
  });

  it("no rules at all is a problem at the top level, or at rules: when the list is empty", () => {
    assert.deepEqual(compileManifest({}, ctx()).problems.map((p) => p.key), ["(top level)"]);
    assert.deepEqual(problemsOf({ rules: [] }).map(([key, message]) => [key, message]), [["rules", "no rules"]]);
  });

  it("duplicate rule names, empty contains, empty any/all and causes that are not one word are refused", () => {
    assert.deepEqual(problemsOf({ rules: [rule(), rule({ contains: "" }), rule({ name: "x", contains: undefined, any: [] }), rule({ name: "y", cause: "Needs You" })] }).map(([key, message]) => [key, message]), [
      ["rules.1.contains", "an empty string matches every line"],
      ["rules.1.name", 'duplicate rule name "dialog"'],
      ["rules.2.any", "an empty any list"],
      ["rules.3.cause", 'cause "Needs You" is not one lowercase word'],
    ]);
  });

  it("a name that differs from the file's says how to make them agree", () => {
    assert.deepEqual(problemsOf({ name: "codex", rules: [rule()] }), [["name", 'name "codex" differs from the file name my agent.yml', "rename the file to codex.yml, or set name: my agent"]]);
  });

  it("any problem means no manifest, and the problems come sorted by line then column", () => {
    const at = (path: Path) => ({ line: path[0] === "name" ? 9 : 3, col: 10 - Number(path[1] ?? 0) });
    const { manifest, problems } = compileManifest({ name: "x", rules: [rule({ regex: "(" }), rule({ name: "b", region: "prompt-box" })] }, { ...ctx(), at });
    assert.equal(manifest, null);
    assert.deepEqual(problems.map((p) => [p.key, p.line, p.col]), [["rules.1.region", 3, 9], ["rules.0.regex", 3, 10], ["name", 9, 10]]);
    assert.ok(problems.every((p) => p.file === "/home/u/.config/agentmux/agents/my agent.yml"));
  });
});

describe("the built-in manifests on RE2", () => {
  /** Every regex of a manifest's YAML (promptBox, titles, its layout, rules' regex at any depth, dialog shapes), with its key. */
  const regexes = (value: unknown, path: string[] = []): Array<[string, string]> => {
    if (Array.isArray(value)) return value.flatMap((v, i) => regexes(v, [...path, String(i)]));
    if (value === null || typeof value !== "object") return [];
    return Object.entries(value).flatMap(([key, v]): Array<[string, string]> => {
      const here = [...path, key];
      if (typeof v === "string" && (["regex", "promptBox", "option", "top", "skip", "boxRule", "dialogTop", "turnStart", "turnEnd"].includes(key))) return [[here.join("."), v]];
      if (key === "titles" && Array.isArray(v)) return v.map((t, i): [string, string] => [`${here.join(".")}.${i}`, String(t)]);
      return regexes(v, here);
    });
  };
  const files = readdirSync(join(ROOT, "manifests")).filter((f) => f.endsWith(".yml"));

  it("every pattern of every built-in manifest compiles for RE2", () => {
    const failed: string[] = [];
    let count = 0;
    for (const file of files) {
      for (const [key, source] of regexes(parse(readFileSync(join(ROOT, "manifests", file), "utf8")))) {
        count++;
        try { compileUserRegex(source); } catch (error) { failed.push(`${file} ${key}: ${source}: ${(error as Error).message}`); }
      }
    }
    assert.deepEqual(failed, []);
    assert.ok(count >= 100, `only ${count} patterns found: the walk missed some`);
  });

  it("the Codex composer, written without lookahead, matches what ^› (?!\\d+\\. ) did: the composer, not a dialog's selected option", () => {
    const raw = parse(readFileSync(join(ROOT, "manifests", "codex.yml"), "utf8")) as RawManifest;
    const { manifest } = compileManifest(raw, ctx("codex"));
    const box = manifest?.promptBox;
    assert.ok(box);
    for (const line of ["› ", "› Ask Codex to do anything", "› 12", "› 1.", "› 1.x", "› 3 files", "› .env"]) assert.equal(box.test(line), true, line);
    for (const line of ["› 1. Yes, proceed (y)", "› 12. Other", "› 1.  two spaces", "›", "> 1"]) assert.equal(box.test(line), false, line);
  });
});
