import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { bool, dict, list, num, obj, oneOf, oneOfValues, section, str } from "../../../src/config/schema.ts";
import { locate, problemsError, validateYaml } from "../../../src/config/validate.ts";
import { EXIT } from "../../../src/util/errors.ts";

const SCHEMA = section({
  name: str("a session name").required(),
  enabled: bool.default(true),
  width: num(0, 100).default(null),
  color: oneOfValues(["red", "green", "blue"]),
  tags: list(str()).default([]),
  dirs: list(str("a directory").map((d) => d.replace(/^~/, "/home/u"))),
  notify: section({ sound: str("a sound file"), loud: bool.default(false) }),
  backends: dict(obj({ args: list(str()) }), ["claude", "codex"]),
  env: dict(str()),
  extra: obj({ a: num() }, { open: true }),
  skill: oneOf([str("a skill name"), obj({ name: str("a skill name").required(), args: str() })], "a skill name, or {name, args}"),
});
const problems = (text: string) => validateYaml(text, SCHEMA).problems.map((p) => `${p.line}:${p.col} ${p.key}: ${p.message} (${p.fix})`);

describe("validateYaml: values", () => {
  it("reads a valid file, filling in defaults and applying maps", () => {
    const { value, problems: found } = validateYaml("name: \"my #1 session\"\ndirs: [~/src, /tmp/x y]\nnotify: {sound: /usr/share/ding.oga}\nenv: {LANG: ünï}\nextra: {a: 1, anything: [1, 2]}\n", SCHEMA);
    assert.deepEqual(found, []);
    assert.deepEqual(value, {
      name: "my #1 session", enabled: true, width: null, tags: [], dirs: ["/home/u/src", "/tmp/x y"],
      notify: { sound: "/usr/share/ding.oga", loud: false }, env: { LANG: "ünï" }, extra: { a: 1, anything: [1, 2] },
    });
  });

  it("gives the document as plain data in raw, for later checks", () => {
    assert.deepEqual(validateYaml("name: x\nenabled: false\n", SCHEMA).raw, { name: "x", enabled: false });
  });

  it("an empty file is an empty mapping, so a required key is missing", () => {
    assert.deepEqual(problems(""), ["1:1 (top level): missing key \"name\" (add name: a session name)"]);
    assert.deepEqual(validateYaml("", section({ on: bool.default(true) })).value, { on: true });
  });

  it("oneOf takes the first form that fits, and a mapping goes to the one mapping form", () => {
    assert.equal(validateYaml("name: x\nskill: review\n", SCHEMA).value?.skill, "review");
    assert.deepEqual(validateYaml("name: x\nskill: {name: review, args: --fast}\n", SCHEMA).value?.skill, { name: "review", args: "--fast" });
    assert.deepEqual(problems("name: x\nskill: {args: --fast}\n"), ["2:8 skill: missing key \"name\" (add name: a skill name)"]);
    assert.deepEqual(problems("name: x\nskill: 5\n"), ["2:8 skill: expected a skill name, or {name, args} (set skill to a skill name, or {name, args})"]);
  });
});

describe("validateYaml: mistakes, each at its line and column", () => {
  it("a YAML syntax error is reported where the parser stopped, and nothing is read", () => {
    const result = validateYaml("name: x\nenv: {a: 1\n", SCHEMA);
    assert.equal(result.value, undefined);
    assert.equal(result.problems[0]?.key, "(syntax)");
    assert.equal(result.problems[0]?.fix, "fix the YAML syntax");
  });

  it("a duplicate key is a syntax error", () => {
    assert.match(problems("name: a\nname: b\n")[0] ?? "", /^2:1 \(syntax\): Map keys must be unique/);
  });

  it("an unknown key suggests the closest known one, or lists them", () => {
    assert.deepEqual(problems("name: x\nenabeld: true\nnotify: {zzz: 1}\n"), [
      "2:1 enabeld: unknown key \"enabeld\" (did you mean enabled?)",
      "3:10 notify.zzz: unknown key \"zzz\" (allowed here: sound, loud)",
    ]);
  });

  it("a mapping with fixed keys refuses others", () => {
    assert.deepEqual(problems("name: x\nbackends: {gemini: {args: []}}\n"), ["2:12 backends.gemini: unknown key \"gemini\" (allowed here: claude, codex)"]);
  });

  it("wrong types name what was expected and the fix", () => {
    assert.deepEqual(problems("name: 5\nenabled: yes please\ntags: one\nnotify: loud\nwidth: 101\n"), [
      "1:7 name: expected a session name (set name to a session name)",
      "2:10 enabled: expected true or false (set enabled to true or false)",
      "3:7 tags: expected a list of strings (write tags as a YAML list)",
      "4:9 notify: expected a mapping with keys sound, loud (write notify as a YAML mapping)",
      "5:8 width: expected a number from 0 to 100 (set width to a number from 0 to 100)",
    ]);
  });

  it("a number YAML reads as Infinity or NaN is no number", () => {
    assert.deepEqual(problems("name: x\nwidth: 1e400\n"), ["2:8 width: expected a number from 0 to 100 (set width to a number from 0 to 100)"]);
    assert.deepEqual(problems("name: x\nextra: {a: .nan}\n"), ["2:12 extra.a: expected a finite number (set extra.a to a finite number)"]);
  });

  it("an enum value suggests the closest one when there is one", () => {
    assert.deepEqual(problems("name: x\ncolor: gren\n"), ["2:8 color: \"gren\" is not one of red, green, blue (did you mean green?)"]);
    assert.deepEqual(problems("name: x\ncolor: purple\n"), ["2:8 color: \"purple\" is not one of red, green, blue (use one of red, green, blue)"]);
  });

  it("list items are addressed by index", () => {
    assert.deepEqual(problems("name: x\ntags:\n  - ok\n  - [nested]\n"), ["4:5 tags[1]: expected a string (set tags[1] to a string)"]);
  });

  it("a file that is not a mapping is reported at the top level", () => {
    assert.deepEqual(problems("- a\n- b\n"), ["1:1 (top level): expected a mapping with keys name, enabled, width, color, tags, dirs, notify, backends, env, extra, skill (write the file as a YAML mapping)"]);
  });

  it("every problem is reported, not only the first", () => {
    assert.equal(problems("enabled: 1\ncolor: x\ntags: 3\n").length, 4);
  });
});

describe("locate", () => {
  it("finds a key's value or a list item, falling back to the nearest parent that exists", () => {
    const text = "name: x\naccounts:\n  work:\n    home: /nope\n  pools: [a, b]\n";
    assert.deepEqual(locate(text, ["accounts", "work", "home"]), { line: 4, col: 11 });
    assert.deepEqual(locate(text, ["accounts", "pools", 1]), { line: 5, col: 14 });
    assert.deepEqual(locate(text, ["accounts", "work", "missing"]), { line: 4, col: 5 });
    assert.deepEqual(locate("", ["x"]), { line: 1, col: 1 });
  });
});

describe("problemsError", () => {
  it("is a usage error with one file:line:col: key: what (fix) line per problem and a hint to the example", () => {
    const error = problemsError([{ line: 12, col: 3, key: "accounts.work.home", message: "/nope does not exist", fix: "create it" }, { line: 1, col: 1, key: "x", message: "m", fix: "f" }], "/home/u/.config/agentmux/config.yml");
    assert.equal(error.message, "/home/u/.config/agentmux/config.yml:12:3: accounts.work.home: /nope does not exist (create it)\n/home/u/.config/agentmux/config.yml:1:1: x: m (f)");
    assert.equal(error.hint, "see etc/config.example.yml for every option");
    assert.equal(error.exitCode, EXIT.usage);
  });
});
