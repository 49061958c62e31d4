import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { builtinManifestDir, formatProblem, parseManifest } from "../../../src/detect/index.ts";
import { backtrackingRisk } from "../../../src/detect/regex-safety.ts";

const RISKY: Array<[string, RegExp]> = [
  ["^(a+)+$", /nested quantifier: \(a\+\)\+ repeats a\+/],
  ["^(a*)*$", /nested quantifier/],
  ["(a+)*b", /nested quantifier/],
  ["(?:x\\s*)+y", /nested quantifier: \(\?:x\\s\*\)\+ repeats \\s\*/],
  ["((ab)+c)*", /nested quantifier/],
  ["(a{2,})+", /nested quantifier/],
  ["(a+){2,50}", /nested quantifier/],
  ["^(a|a)+$", /two alternatives begin with a/],
  ["(a|ab)*c", /two alternatives begin with a/],
  ["(\\d|\\d\\.)+", /two alternatives begin with \\d/],
  ["(.|x)+", /begins with '\.'/],
  ["(|a)+", /empty/],
  ["(?<n>a+)+", /nested quantifier/],
];

const SAFE = [
  "^a+$", "(ab)+", "(a+)?", "(a+){2}", "(a+){1,3}", "(?:a|b)+", "(?:foo|bar)*baz", "[(a+)+]", "\\(a+\\)+", "(?=a+)b",
  "^(?:❯(?:\\u00a0|$)|│ > )", "^\\s*[·✢*✶✻✽✳]\\s+\\S.*…\\s*\\((?:\\d+[smh]\\b|esc)", "x{3,}", "(?:\\s+|\\s*│\\s*)❯",
];

describe("backtrackingRisk: the structural check for catastrophic backtracking", () => {
  for (const [source, why] of RISKY) {
    it(`refuses ${source}`, () => assert.match(backtrackingRisk(source) ?? "(nothing found)", why));
  }
  for (const source of SAFE) {
    it(`accepts ${source}`, () => assert.equal(backtrackingRisk(source), null));
  }

  it("accepts every regex of the built-in manifests", () => {
    const sources: string[] = [];
    const collect = (value: unknown, key = ""): void => {
      if (typeof value === "string" && (key === "regex" || key === "promptBox" || key === "titles")) sources.push(value);
      else if (Array.isArray(value)) value.forEach((v) => collect(v, key));
      else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) collect(v, k);
    };
    for (const name of readdirSync(builtinManifestDir()).filter((n) => n.endsWith(".yml"))) {
      collect(parse(readFileSync(join(builtinManifestDir(), name), "utf8")));
    }
    assert.ok(sources.length > 20, `found ${sources.length}`);
    for (const source of sources) assert.equal(backtrackingRisk(source), null, source);
  });

  it("a user manifest with ^(a+)+$ is a problem at its file:line:col, and the manifest is not loaded", () => {
    const text = "name: slow\nmatch: {commands: [slow]}\nrules:\n  - name: r\n    state: working\n    priority: 1\n    regex: '^(a+)+$'\n";
    const { manifest, problems } = parseManifest(text, "/u/agents/slow.yml", { builtin: false });
    assert.equal(manifest, null);
    assert.equal(problems.length, 1);
    assert.match(formatProblem(problems[0]!), /^\/u\/agents\/slow\.yml:7:12: rules\.r\.regex: regular expression can take exponential time: nested quantifier: \(a\+\)\+ repeats a\+.*\(rewrite it/);
  });
});
