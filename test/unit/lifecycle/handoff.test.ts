import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_CONFIG, type Config } from "../../../src/config/config.ts";
import { checkDirectory, chooseDirectory, parseHandoff, planHandoff, sessionWindowName, soleSessionIn } from "../../../src/lifecycle/handoff.ts";
import type { NamedSession } from "../../../src/session/store.ts";
import { AgentmuxError } from "../../../src/util/errors.ts";
import { makeFifo } from "../../helpers/fifo.ts";

const FILE = "/p/.claude/handoff.md";

describe("handoff file: front matter and text", () => {
  const cases: Array<[string, string, string | undefined, string]> = [
    ["no front matter", "\n  Continue from this handoff.\n\n", undefined, "Continue from this handoff."],
    ["relative target", "---\ntarget-directory: ../other-project\n---\n\nContinue from this handoff.\n", "../other-project", "Continue from this handoff."],
    ["absolute target", "---\ntarget-directory: /srv/app\n---\nGo on.\n", "/srv/app", "Go on."],
    ["empty front matter", "---\n---\nGo on.", undefined, "Go on."],
    ["other keys only", "---\nauthor: me\n---\nGo on.", undefined, "Go on."],
    ["null target", "---\ntarget-directory:\n---\nGo on.", undefined, "Go on."],
    ["CRLF and BOM", "\uFEFF---\r\ntarget-directory: x\r\n---\r\nGo on.\r\n", "x", "Go on."],
    ["'...' closes", "---\ntarget-directory: x\n...\nGo on.", "x", "Go on."],
    ["multi-line text kept", "---\ntarget-directory: x\n---\nline one\n\n--- not a fence\nline two\n", "x", "line one\n\n--- not a fence\nline two"],
    ["a later --- is text", "Intro\n---\ntarget-directory: x\n---\n", undefined, "Intro\n---\ntarget-directory: x\n---"],
  ];
  for (const [name, text, target, prompt] of cases) {
    it(name, () => assert.deepEqual(parseHandoff(text, FILE), { targetDirectory: target, prompt }));
  }

  const bad: Array<[string, string, RegExp]> = [
    ["bad YAML, with file:line", "---\ntarget-directory: [unclosed\n---\nGo on.", /handoff\.md:\d+:\d+: front matter is not valid YAML/],
    ["unclosed front matter", "---\ntarget-directory: x\nGo on.", /no closing "---"/],
    ["a list", "---\n- a\n- b\n---\nGo on.", /not a mapping/],
    ["a scalar", "---\njust text\n---\nGo on.", /not a mapping/],
    ["a non-string target", "---\ntarget-directory: 3\n---\nGo on.", /target-directory is not a directory path/],
    ["an empty target", "---\ntarget-directory: '  '\n---\nGo on.", /target-directory is not a directory path/],
  ];
  for (const [name, text, pattern] of bad) {
    it(`refuses ${name}`, () => {
      assert.throws(() => parseHandoff(text, FILE), (e: unknown) => e instanceof AgentmuxError && pattern.test(e.message) && e.message.includes(FILE) && /nothing was closed/.test(e.hint ?? ""));
    });
  }
});

describe("handoff directory: argument over front matter over the session's", () => {
  const table: Array<[string, string | undefined, string | undefined, string, string]> = [
    // name, explicit, front matter, expected dir, origin
    ["neither: the session's directory", undefined, undefined, "/src/proj", "session"],
    ["front matter, relative to the session's directory", undefined, "../other", "/src/other", "front matter"],
    ["front matter, absolute", undefined, "/srv/app", "/srv/app", "front matter"],
    ["argument beats front matter", "/opt/x", "../other", "/opt/x", "argument"],
    ["argument, relative to the caller's directory", "sub", "../other", "/home/me/sub", "argument"],
    ["argument alone", "../y", undefined, "/home/y", "argument"],
  ];
  for (const [name, explicit, frontMatter, dir, origin] of table) {
    it(name, () => {
      const choice = chooseDirectory({ explicit, cwd: "/home/me", frontMatter, sourceDir: "/src/proj" });
      assert.equal(choice.dir, dir);
      assert.equal(choice.origin, origin);
    });
  }

  it("a missing directory is refused, naming where it came from", () => {
    const missing = join(tmpdir(), "agentmux-no-such-dir-xyz");
    const expect = (origin: "argument" | "front matter" | "session", pattern: RegExp) =>
      assert.throws(() => checkDirectory({ dir: missing, origin, given: "../nope" }, FILE), (e: unknown) => e instanceof AgentmuxError && pattern.test(e.message));
    expect("front matter", /handoff file .*handoff\.md: target-directory \.\.\/nope is not an existing directory/);
    expect("argument", /target directory \.\.\/nope is not an existing directory/);
    expect("session", /session's directory .* no longer exists/);
    assert.doesNotThrow(() => checkDirectory({ dir: tmpdir(), origin: "front matter", given: "x" }, FILE));
  });

  it("window names follow `new`", () => {
    assert.equal(sessionWindowName("/a/proj", undefined), "proj");
    assert.equal(sessionWindowName("/a/proj", "two"), "proj:two");
  });
});

describe("handoff --from: the single session in the directory", () => {
  const s = (pane: string, dir: string) => ({ pane, name: `n${pane}`, dir });
  it("one session there is it", () => assert.equal(soleSessionIn([s("%1", "/a"), s("%2", "/b")], "/b", "why").pane, "%2"));
  it("none is an error", () => assert.throws(() => soleSessionIn([s("%1", "/a")], "/b", "pane x is gone"), /pane x is gone, and no session runs in \/b/));
  it("several is an error naming them", () => assert.throws(() => soleSessionIn([s("%1", "/b"), s("%2", "/b")], "/b", "why"), /several sessions run in \/b: n%1 \(%1\), n%2 \(%2\)/));
});

describe("planHandoff: every precondition before anything is touched", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-handoff-")));
  const proj = join(root, "proj");
  const other = join(root, "other");
  mkdirSync(join(proj, ".claude"), { recursive: true });
  mkdirSync(other);
  const bin = join(root, "bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "claude"), "#!/bin/sh\n", { mode: 0o755 });
  const session = { pane: "%7", name: "proj:keep", backend: "claude", account: "", dir: proj, instance: "keep", id: "old-id", tokenHash: "t", label: "", group: "g1" } as NamedSession;
  const config = (handoffFile?: string): Config => ({ ...DEFAULT_CONFIG, file: "/cfg/config.yml", backends: { claude: { args: [], ...(handoffFile ? { handoffFile } : {}) } } });
  const plan = (file: string | undefined, to?: string) => {
    // The fake claude first on PATH; the launch's hook settings go to a state directory of our own.
    const saved = { PATH: process.env["PATH"], AGENTMUX_HOME: process.env["AGENTMUX_HOME"] };
    process.env["PATH"] = `${bin}:${saved.PATH ?? ""}`;
    process.env["AGENTMUX_HOME"] = join(root, "home");
    try {
      return planHandoff(session, config(file), { to, cwd: root });
    } finally {
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
    }
  };
  const write = (text: string) => writeFileSync(join(proj, ".claude", "handoff.md"), text);

  it("no handoffFile configured names the key and the config file", () => {
    assert.throws(() => plan(undefined), (e: unknown) => e instanceof AgentmuxError && /backends\.claude\.handoffFile/.test(e.message) && /\/cfg\/config\.yml/.test(e.hint ?? ""));
  });
  it("a missing or empty file is refused", () => {
    assert.throws(() => plan(".claude/none.md"), /none\.md does not exist/);
    write("---\ntarget-directory: ../other\n---\n  \n");
    assert.throws(() => plan(".claude/handoff.md"), /has no handoff text/);
  });
  it("a handoff file that is a FIFO is refused at once, saying so", () => {
    const stop = makeFifo(join(proj, ".claude", "fifo.md"));
    try {
      assert.throws(() => plan(".claude/fifo.md"), { message: `cannot hand off proj:keep (%7): handoff file ${join(proj, ".claude", "fifo.md")} is a FIFO, not a regular file` });
    } finally {
      stop();
    }
  });
  it("same directory: keeps the instance, account none, group kept, a new conversation with the text as submitted prompt", () => {
    write("Carry on.\n");
    const p = plan(".claude/handoff.md");
    assert.equal(p.file, join(proj, ".claude", "handoff.md"));
    assert.equal(p.prompt, "Carry on.");
    assert.deepEqual(
      { dir: p.request.dir, instance: p.request.instance, account: p.request.account, group: p.request.group, submit: p.request.submit, mode: p.request.mode, respawn: p.request.respawn },
      { dir: proj, instance: "keep", account: undefined, group: "g1", submit: true, mode: { kind: "new" }, respawn: undefined },
    );
    assert.ok(p.prepared.argv.includes("Carry on."), JSON.stringify(p.prepared.argv));
    assert.ok(!p.prepared.argv.includes("old-id"));
  });
  it("front matter moves it (and drops the instance); --to overrides; a missing target is refused", () => {
    write("---\ntarget-directory: ../other\n---\nCarry on.\n");
    const moved = plan(".claude/handoff.md");
    assert.equal(moved.prepared.dir, other);
    assert.equal(moved.directory.origin, "front matter");
    assert.equal(moved.request.instance, undefined);
    assert.equal(plan(".claude/handoff.md", "proj").prepared.dir, proj);
    write("---\ntarget-directory: ../missing\n---\nCarry on.\n");
    assert.throws(() => plan(".claude/handoff.md"), /target-directory \.\.\/missing is not an existing directory/);
    // --to wins, so the missing front-matter directory is never used.
    assert.equal(plan(".claude/handoff.md", other).prepared.dir, other);
  });
  it("a plain command cannot be handed off", () => {
    assert.throws(() => planHandoff({ ...session, backend: "generic" }, config(".claude/handoff.md"), { cwd: root }), /plain command/);
  });
  it("cleans up", () => rmSync(root, { recursive: true, force: true }));
});
