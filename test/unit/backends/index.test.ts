import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ACCOUNT_BACKENDS, HOME_FACTS } from "../../../src/backends/account-homes.ts";
import { BACKEND_NAMES, BACKENDS, getBackend } from "../../../src/backends/index.ts";
import { builtinManifestDir, findManifest, loadManifests } from "../../../src/detect/load.ts";
import type { BackendName } from "../../../src/backends/index.ts";
import type { LaunchMode } from "../../../src/backends/shared/types.ts";

const BACKENDS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "src", "backends");

type Row = [BackendName, LaunchMode, string | undefined, string[] | RegExp];
const NEW: LaunchMode = { kind: "new" };
const resume = (id: string): LaunchMode => ({ kind: "resume", id });
const fork = (id: string): LaunchMode => ({ kind: "fork", id });

const rows: Row[] = [
  ["claude", NEW, undefined, ["claude", "--x"]],
  ["claude", NEW, "fix the bug", ["claude", "--x", "fix the bug"]],
  ["claude", NEW, "-v is a flag?", ["claude", "--x", "--", "-v is a flag?"]],
  ["claude", resume("abc"), undefined, ["claude", "--x", "--resume", "abc"]],
  ["claude", fork("abc"), "go on", ["claude", "--x", "--resume", "abc", "--fork-session", "go on"]],
  ["codex", NEW, undefined, ["codex", "--x"]],
  ["codex", NEW, "hi", ["codex", "--x", "hi"]],
  ["codex", resume("t-1"), undefined, ["codex", "resume", "--x", "t-1"]],
  ["codex", fork("t-1"), "branch", ["codex", "fork", "--x", "t-1", "branch"]],
  ["opencode", NEW, "hi", ["opencode", "--x", "--prompt", "hi"]],
  ["opencode", resume("s1"), undefined, ["opencode", "--x", "--session", "s1"]],
  ["opencode", fork("s1"), undefined, ["opencode", "--x", "--session", "s1", "--fork"]],
  ["gemini", NEW, "hi", ["gemini", "--x", "-i", "hi"]],
  ["gemini", resume("latest"), undefined, ["gemini", "--x", "--resume", "latest"]],
  ["gemini", fork("s1"), undefined, /Gemini CLI cannot fork/],
  ["copilot", NEW, "hi", ["copilot", "--x", "-i", "hi"]],
  ["copilot", resume("0cb916db-26aa"), "go on", ["copilot", "--x", "--resume=0cb916db-26aa", "-i", "go on"]],
  ["copilot", fork("s1"), undefined, /GitHub Copilot CLI cannot fork/],
  ["droid", NEW, "hi", ["droid", "--x", "hi"]],
  ["droid", resume("s1"), undefined, ["droid", "--x", "--resume", "s1"]],
  ["droid", fork("s1"), undefined, ["droid", "--x", "--fork", "s1"]],
  ["generic", resume("s1"), undefined, /cannot resume/],
];

describe("the backend registry", () => {
  it("names each backend by its own name", () => {
    for (const name of BACKEND_NAMES) assert.equal(BACKENDS[name].name, name);
  });

  it("gives every agent CLI a manifest of the same name (the plain command has none)", () => {
    const { manifests } = loadManifests({ builtinDir: builtinManifestDir(), userDir: join(BACKENDS_DIR, "no-user-manifests") });
    for (const name of BACKEND_NAMES) {
      if (BACKENDS[name].plainCommand) continue;
      assert.equal(findManifest(manifests, name)?.name, name, `manifests/${name}.yml`);
    }
  });

  it("lists its backends in the order of names.ts (the order of listings)", () => {
    assert.deepEqual(Object.keys(BACKENDS), [...BACKEND_NAMES]);
  });

  it("the backends that run under accounts (account-homes.ts) are exactly those with an accounts capability, the same object", () => {
    assert.deepEqual([...ACCOUNT_BACKENDS], BACKEND_NAMES.filter((name) => BACKENDS[name].accounts !== undefined));
    for (const name of ACCOUNT_BACKENDS) assert.equal(HOME_FACTS[name], BACKENDS[name].accounts, name);
  });

  it("is the only list of agents: one folder per registered backend, and no other", () => {
    const folders = readdirSync(BACKENDS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== "shared").map((e) => e.name);
    assert.deepEqual(folders.sort(), [...BACKEND_NAMES].sort());
  });

  it("gives each backend an icon of its own: one character, for the switcher (a launch stores it on the pane)", () => {
    const icons = BACKEND_NAMES.map((name) => BACKENDS[name].icon);
    for (const [i, icon] of icons.entries()) assert.equal([...icon].length, 1, `${BACKEND_NAMES[i]}: ${icon}`);
    assert.equal(new Set(icons).size, icons.length, icons.join(" "));
  });
});

describe("backend launch argv", () => {
  for (const [name, mode, prompt, expected] of rows) {
    it(`${name} ${mode.kind}${prompt ? ` "${prompt}"` : ""}`, () => {
      const run = () => BACKENDS[name].launch({ mode, prompt, program: name, args: ["--x"] });
      if (expected instanceof RegExp) assert.throws(run, expected);
      else assert.deepEqual(run().argv, expected);
    });
  }

  it("uses the configured program", () => {
    assert.deepEqual(BACKENDS.claude.launch({ mode: NEW, program: "/opt/claude/bin/claude", args: [] }).argv, ["/opt/claude/bin/claude"]);
  });

  it("generic runs simple commands with exec and lists as written", () => {
    const simple = BACKENDS.generic.launch({ mode: NEW, program: "sh", args: [], command: "htop -d 5" });
    assert.deepEqual(simple.argv, ["/bin/sh", "-c", "exec htop -d 5"]);
    const list = BACKENDS.generic.launch({ mode: NEW, program: "sh", args: [], command: "make && make test" });
    assert.deepEqual(list.argv, ["/bin/sh", "-c", "make && make test"]);
    assert.throws(() => BACKENDS.generic.launch({ mode: NEW, program: "sh", args: [] }), /no command given/);
    assert.throws(() => BACKENDS.generic.launch({ mode: NEW, program: "sh", args: [], command: "x", prompt: "p" }), /takes no --prompt/);
  });

  it("an unknown backend names the known ones", () => {
    assert.throws(() => getBackend("cursor"), /unknown backend "cursor"/);
  });

  it("ready patterns match the real prompts", () => {
    assert.match("╭──╮\n❯\u00a0\n", BACKENDS.claude.readyPattern);
    assert.match("› Ask Codex to do anything\n", BACKENDS.codex.readyPattern);
    assert.doesNotMatch("Welcome to Claude Code\n", BACKENDS.claude.readyPattern);
  });
});
