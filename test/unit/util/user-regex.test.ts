import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { evalInChild, srcUrl } from "../../helpers/in-child.ts";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type * as Re2js from "re2js";
import { parse } from "yaml";
import { compileUserRegex, jsWhitespace, lazyUserRegex, requiredLiteral, userRegexOrNull, UserRegexError } from "../../../src/util/user-regex.ts";

const LINE = `${"1".repeat(40)}!`;

describe("compileUserRegex: RE2's linear-time engine", () => {
  it("tests and execs a line as RegExp does, an unmatched group undefined", () => {
    const re = compileUserRegex("^[\\s│]*(?:❯\\s*)?(\\d{1,2})\\.\\s+(\\S.*?)(?: \\((\\w)\\))?$");
    assert.equal(re.source, "^[\\s│]*(?:❯\\s*)?(\\d{1,2})\\.\\s+(\\S.*?)(?: \\((\\w)\\))?$");
    assert.equal(re.test("│ ❯ 1. Yes"), true);
    assert.deepEqual([...(re.exec("│ ❯ 12. Yes, and don't ask (y)") ?? [])], ["│ ❯ 12. Yes, and don't ask (y)", "12", "Yes, and don't ask", "y"]);
    assert.deepEqual([...(re.exec("  2. No") ?? [])], ["  2. No", "2", "No", undefined]);
    assert.equal(re.exec("no option"), null);
  });

  it("finishes (\\w|\\d)+$ on a line of 40 digits and a !, which a backtracking engine takes 2^40 steps for", () => {
    // In a child with a timeout: were the engine a backtracking one again, the test fails instead of hanging the suite.
    const answers = evalInChild<boolean[]>(`
      const { compileUserRegex } = await import(${JSON.stringify(srcUrl("util/user-regex.ts"))});
      const line = ${JSON.stringify(LINE)};
      process.stdout.write(JSON.stringify([compileUserRegex("(\\\\w|\\\\d)+$").test(line), compileUserRegex("^(a+)+$").test("a".repeat(40) + "b"), compileUserRegex("(\\\\w|\\\\d)+!$").test(line)]));`, 30_000);
    assert.deepEqual(answers, [false, false, true]);
  });

  it("lazyUserRegex compiles on first use; userRegexOrNull answers null for what RE2 refuses", () => {
    const lazy = lazyUserRegex("(?!x)");
    assert.equal(lazy.source, "(?!x)", "nothing compiled yet");
    assert.throws(() => lazy.test("x"), UserRegexError);
    assert.equal(lazyUserRegex("^a\\s").test("a\u00a0"), true);
    assert.equal(userRegexOrNull("(a)\\1"), null);
    assert.equal(userRegexOrNull("ERR|panic")?.test("panic: x"), true);
  });

  it("takes RE2's captureless lookbehind", () => {
    const re = compileUserRegex("(?<=\\$ )\\w+");
    assert.equal(re.test("$ make"), true);
    assert.equal(re.test("make"), false);
  });

  const refused: Array<[string, RegExp, RegExp]> = [
    ["^› (?!\\d+\\. )", /^lookahead \(\?!…\) is not supported: invalid or unsupported Perl syntax: `\(\?!`$/, /no lookahead/],
    ["(?=x)", /^lookahead \(\?=…\) is not supported/, /no lookahead/],
    ["(a)\\1", /^backreferences \(\\1\) are not supported: invalid escape sequence: `\\1`$/, /no backreferences/],
    ["\\u00a0", /^\\u escapes are not RE2: invalid escape sequence: `\\u`$/, /\\x\{00a0\}/],
    ["(?>a+)b", /^atomic groups \(\?>…\) are not supported/, /without \?>/],
    ["\\s(unclosed", /^missing closing \): `\\s\(unclosed`$/, /write an RE2 regular expression/],
  ];
  for (const [source, message, fix] of refused) {
    it(`refuses ${source}, naming the construct and the way to write it`, () => {
      assert.throws(() => compileUserRegex(source), (error: unknown) => {
        assert.ok(error instanceof UserRegexError);
        assert.match(error.message, message);
        assert.match(error.fix, fix);
        return true;
      });
    });
  }
});

describe("jsWhitespace: \\s as JavaScript reads it", () => {
  const rows: Array<[string, string]> = [
    ["^\\s*⎿", "^[\\s\\x{0b}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}]*⎿"],
    ["\\S+", "[^\\s\\x{0b}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}]+"],
    ["[^\\s,]", "[^\\s\\x{0b}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff},]"],
    ["[\\S]", "[\\S]"],
    ["\\\\s", "\\\\s"],
    ["\\Q\\s\\E", "\\Q\\s\\E"],
    ["[[:space:]]x", "[[:space:]]x"],
    ["[]s]\\d", "[]s]\\d"],
  ];
  for (const [source, widened] of rows) it(`${source} → ${widened}`, () => assert.equal(jsWhitespace(source), widened));

  it("a no-break space is whitespace, as in the screens terminal programs draw", () => {
    assert.equal(compileUserRegex("^❯(?:\\s|$)").test("❯\u00a0/exit"), true);
    assert.equal(compileUserRegex("^\\s*⎿\\s+Interrupted\\b").test("  ⎿ \u00a0Interrupted · What should Claude do instead?"), true);
    assert.equal(compileUserRegex("^\\S+$").test("a\u00a0b"), false);
  });
});

describe("the text every match holds (a prefilter before the engine)", () => {
  const cases: Array<[string, string]> = [
    ["Do you want to proceed\\?", "Do you want to proceed?"],
    ["esc to interrupt", "esc to interrupt"],
    ["^\\s*❯ 1\\. Yes", "❯ 1. Yes"],
    ["colou?r chart", "r chart"],
    ["ab+c", "ab"],
    ["x{2,3}yz", "yz"],
    ["(Allow|Deny) this tool", " this tool"],
    ["Allow|Deny", ""],
    ["(?i)allow once", ""],
    ["\\Qa.b\\E", ""],
    ["[)|]+ done", " done"],
    ["wait 😀? ok", "wait "],
    ["\\d+ tokens", " tokens"],
    ["", ""],
  ];
  for (const [source, literal] of cases) it(`${JSON.stringify(source)} → ${JSON.stringify(literal)}`, () => assert.equal(requiredLiteral(source), literal));

  it("matches exactly as the engine alone does: every string of the built-in manifests as a pattern, against every line of every real screen", async () => {
    const { RE2JS } = createRequire(import.meta.url)("re2js") as typeof Re2js;
    const root = fileURLToPath(new URL("../../../", import.meta.url));
    const patterns = new Set<string>(["wait 😀? ok", "(?i)YES", "a{2}b", "x\\.y+z?", "❯\\s+\\d"]);
    const collect = (node: unknown): void => {
      if (typeof node === "string") patterns.add(node);
      else if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === "object") Object.values(node).forEach(collect);
    };
    for (const file of readdirSync(join(root, "manifests")).filter((f) => f.endsWith(".yml"))) collect(parse(readFileSync(join(root, "manifests", file), "utf8")));
    const dir = join(root, "test", "fixtures", "real", "screens");
    const lines = new Set<string>(["wait  ok", "wait 😀 ok", "yes", "xx.yyz", "aab"]);
    for (const file of readdirSync(dir)) for (const line of readFileSync(join(dir, file), "utf8").split("\n")) lines.add(line);
    let compared = 0, matched = 0;
    for (const source of patterns) {
      const ours = userRegexOrNull(source);
      if (!ours) continue;
      const engine = RE2JS.compile(jsWhitespace(source), RE2JS.LOOKBEHINDS);
      for (const line of lines) {
        const want = engine.test(line);
        assert.equal(ours.test(line), want, `${JSON.stringify(source)} on ${JSON.stringify(line)}`);
        assert.deepEqual(ours.exec(line), engine.exec(line), `${JSON.stringify(source)} exec on ${JSON.stringify(line)}`);
        compared++;
        if (want) matched++;
      }
    }
    assert.ok(patterns.size > 200 && compared > 100_000 && matched > 500, `${patterns.size} patterns, ${compared} lines compared, ${matched} matched`);
  });
});
