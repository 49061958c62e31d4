import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeFifo } from "../../helpers/fifo.ts";
import { evalInChild, srcUrl } from "../../helpers/in-child.ts";
import { builtinManifestDir, detect, findManifest, formatProblem, loadManifests, parseManifest, userManifestDir } from "../../../src/detect/index.ts";

// Built-ins from <install>/manifests, the user's from <configDir>/agents: same name replaces, new name adds, broken is skipped.
const home = mkdtempSync(join(tmpdir(), "agentmux-manifests-"));
const env = { AGENTMUX_HOME: home };
const dir = userManifestDir(env);
mkdirSync(dir, { recursive: true });
const write = (name: string, text: string) => writeFileSync(join(dir, name), text);

const MINE = `name: claude
match: {commands: [claude]}
rules:
  - name: mine
    state: working
    priority: 1
    contains: MINE
`;

describe("loading manifests", () => {
  after(() => rmSync(home, { recursive: true, force: true }));

  it("user manifests live in <configDir>/agents", () => {
    assert.equal(dir, join(home, "config", "agents"));
  });

  it("a user manifest with a built-in's name replaces it outright", () => {
    write("claude.yml", MINE);
    const { manifests, problems } = loadManifests({ env });
    assert.deepEqual(problems, []);
    const claude = findManifest(manifests, "claude");
    assert.ok(claude);
    assert.equal(claude.builtin, false);
    assert.equal(claude.file, join(dir, "claude.yml"));
    assert.deepEqual(claude.rules.map((r) => r.name), ["mine"], "no built-in rule survives");
    assert.equal(detect(claude, { screen: "MINE", title: "✳ x" }).state, "working");
    assert.equal(detect(claude, { screen: "", title: "✳ x" }).state, "unknown");
    rmSync(join(dir, "claude.yml"));
  });

  it("a new name adds an agent, and the built-ins stay", () => {
    write("aider.yml", "match: {commands: [aider]}\nrules:\n  - {name: prompt, state: idle, priority: 1, region: {bottom: 1}, regex: '^> '}\n");
    const { manifests, problems } = loadManifests({ env });
    assert.deepEqual(problems, []);
    // Every built-in (one per file of manifests/, sorted by name) after the user's new one.
    const builtins = readdirSync(builtinManifestDir()).filter((f) => f.endsWith(".yml")).map((f) => f.replace(/\.yml$/, "")).sort();
    assert.ok(builtins.includes("claude") && builtins.length >= 5, builtins.join(", "));
    assert.deepEqual(manifests.map((m) => `${m.name}${m.builtin ? "" : "*"}`), ["aider*", ...builtins]);
    rmSync(join(dir, "aider.yml"));
  });

  it("an invalid manifest is reported with file:line:col and the rule, and skipped; the others load", () => {
    write("aider.yml", "rules:\n  - name: prompt\n    state: idle\n    priority: 1\n    regex: '> ('\n");
    write("claude.yml", "rules:\n  - name: mine\n    state: workin\n    priority: 1\n    contains: x\n");
    write("goose.yml", MINE.replace("name: claude", "name: goose"));
    const { manifests, problems } = loadManifests({ env });
    const lines = problems.map(formatProblem);
    assert.equal(lines.length, 2, lines.join("\n"));
    assert.match(lines[0] ?? "", new RegExp(`^${join(dir, "aider.yml")}:5:12: rules\\.prompt\\.regex: invalid regular expression: missing closing \\): \`> \\(\` \\(write an RE2 regular expression`));
    assert.match(lines[1] ?? "", new RegExp(`^${join(dir, "claude.yml")}:3:12: rules\\.mine\\.state: "workin" is not one of working, blocked, idle \\(did you mean working\\?\\)$`));
    const builtin = readdirSync(builtinManifestDir()).filter((f) => f.endsWith(".yml")).map((f) => f.slice(0, -4)).sort();
    assert.ok(builtin.includes("claude") && !builtin.includes("goose"));
    assert.deepEqual(manifests.map((m) => m.name), ["goose", ...builtin]);
    assert.equal(findManifest(manifests, "claude")?.builtin, true, "the broken replacement leaves the built-in in force");
    for (const f of ["aider.yml", "claude.yml", "goose.yml"]) rmSync(join(dir, f));
  });
});

describe("a user manifest that is not a regular file", () => {
  it("a FIFO and a link to /dev/zero are problems saying what they are, and skipped; the others load", () => {
    const own = mkdtempSync(join(tmpdir(), "agentmux-manifests-"));
    const agents = userManifestDir({ AGENTMUX_HOME: own });
    mkdirSync(agents, { recursive: true });
    const stop = makeFifo(join(agents, "fifo.yml"));
    try {
      symlinkSync("/dev/zero", join(agents, "zero.yml"));
      // In a child: the old reader blocked on the FIFO and read /dev/zero until memory ran out (the daemon loads these).
      const { names, problems } = evalInChild<{ names: string[]; problems: string[] }>(`
        const { loadManifests, formatProblem } = await import(${JSON.stringify(srcUrl("detect/index.ts"))});
        const { manifests, problems } = loadManifests({ env: { AGENTMUX_HOME: ${JSON.stringify(own)} } });
        process.stdout.write(JSON.stringify({ names: manifests.map((m) => m.name), problems: problems.map(formatProblem) }));`);
      assert.deepEqual(problems, [
        `${join(agents, "fifo.yml")}:1:1: (file): it is a FIFO, not a regular file (agentmux reads only a regular file here, or a symlink to one: replace it with a regular file, or remove it)`,
        `${join(agents, "zero.yml")}:1:1: (file): it is a character device, not a regular file (agentmux reads only a regular file here, or a symlink to one: replace it with a regular file, or remove it)`,
      ]);
      assert.ok(names.includes("claude"));
    } finally {
      stop();
      rmSync(own, { recursive: true, force: true });
    }
  });
});

describe("manifest mistakes", () => {
  const cases: Array<[string, string, RegExp]> = [
    ["unknown key", "rules:\n  - {name: a, state: idle, priority: 1, contans: x}\n", /^t\.yml:2:41: rules\.a\.contans: unknown key "contans" \(did you mean contains\?\)$/],
    ["no rules", "match: {commands: [t]}\n", /^t\.yml:1:1: \(top level\): no rules \(add rules:/],
    ["rule without a name", "rules:\n  - {state: idle, priority: 1, contains: x}\n", /^t\.yml:2:5: rules\[0\]: rule has no name \(add name:/],
    ["rule without a state", "rules:\n  - {name: a, priority: 1, contains: x}\n", /^t\.yml:2:5: rules\.a: rule has no state \(add state: working, blocked or idle\)$/],
    ["rule without a priority", "rules:\n  - {name: a, state: idle, contains: x}\n", /^t\.yml:2:5: rules\.a: rule has no priority/],
    ["rule without a matcher", "rules:\n  - {name: a, state: idle, priority: 1}\n", /^t\.yml:2:5: rules\.a: rule has no matcher \(add contains, regex, not, any or all\)$/],
    ["duplicate names", "rules:\n  - {name: a, state: idle, priority: 1, contains: x}\n  - {name: a, state: idle, priority: 2, contains: y}\n", /^t\.yml:3:12: rules\[1\]\.name: duplicate rule name "a"/],
    ["bad region", "rules:\n  - {name: a, state: idle, priority: 1, region: bottom, contains: x}\n", /^t\.yml:2:49: rules\.a\.region: expected screen, title, prompt-box, live, status, footer, input, modal, transcript, \{bottom: N\} or \{above-prompt: N\}/],
    ["fractional lines", "rules:\n  - {name: a, state: idle, priority: 1, region: {bottom: 2.5}, contains: x}\n", /rules\.a\.region\.bottom: 2\.5 is not a whole number of lines \(write bottom: 3\)/],
    ["prompt-box without promptBox", "rules:\n  - {name: a, state: idle, priority: 1, region: prompt-box, contains: x}\n", /^t\.yml:2:49: rules\.a\.region: region prompt-box needs the manifest's promptBox \(add promptBox:/],
    ["nested bad regex", "rules:\n  - name: a\n    state: idle\n    priority: 1\n    all:\n      - contains: x\n      - not: {regex: '[a-'}\n", /^t\.yml:7:22: rules\.a\.all\[1\]\.not\.regex: invalid regular expression/],
    ["any not a list", "rules:\n  - {name: a, state: idle, priority: 1, any: x}\n", /rules\.a\.any: expected a list of matchers \(write rules\.a\.any as a YAML list\)/],
    ["empty all", "rules:\n  - {name: a, state: idle, priority: 1, all: []}\n", /rules\.a\.all: an empty all list/],
    ["bad promptBox", "promptBox: '('\nrules:\n  - {name: a, state: idle, priority: 1, contains: x}\n", /^t\.yml:1:12: promptBox: invalid regular expression/],
    ["bad title pattern", "match: {titles: ['(']}\nrules:\n  - {name: a, state: idle, priority: 1, contains: x}\n", /^t\.yml:1:18: match\.titles\[0\]: invalid regular expression/],
    ["name differs from the file", "name: other\nrules:\n  - {name: a, state: idle, priority: 1, contains: x}\n", /^t\.yml:1:7: name: name "other" differs from the file name t\.yml \(rename the file to other\.yml, or set name: t\)$/],
    ["YAML syntax", "rules: [\n", /^t\.yml:\d+:\d+: \(syntax\):/],
    ["a cause that is not one word", "rules:\n  - {name: a, state: blocked, priority: 1, cause: Rate Limit, contains: x}\n", /^t\.yml:2:51: rules\.a\.cause: cause "Rate Limit" is not one lowercase word \(write a word such as permission, question, plan or interrupted\)$/],
    ["a cause that is not a string", "rules:\n  - {name: a, state: blocked, priority: 1, cause: [x], contains: x}\n", /rules\.a\.cause: expected a word for why/],
  ];
  for (const [name, yaml, pattern] of cases) {
    it(name, () => {
      const { manifest, problems } = parseManifest(yaml, "t.yml", { builtin: false });
      assert.equal(manifest, null);
      assert.match(problems.map(formatProblem)[0] ?? "", pattern, problems.map(formatProblem).join("\n"));
    });
  }
});
