import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, ROOT, TestServer } from "../helpers/tmux-server.ts";
import { waitForState } from "../helpers/agentmux-session.ts";

// A HOME of its own, and Claude's and Codex's homes in it, so nothing touches the user's.
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-skills-")));
const claudeHome = join(userHome, "claude home ✓ #1");
const codexHome = join(userHome, "codex 100%");

function skill(dir: string, frontmatter: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "SKILL.md"), `---\n${frontmatter}\n---\nDo it.\n`);
}

describe("skills: setup skills, skill list, skill run --to", () => {
  const server = new TestServer({ HOME: userHome, CLAUDE_CONFIG_DIR: claudeHome, CODEX_HOME: codexHome });
  let pane = "";

  before(async () => {
    await server.start();
    // The user's own handoff skill: setup must keep it.
    skill(join(claudeHome, "skills", "handoff"), "name: handoff\ndescription: mine");
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("setup skills refuses without a terminal and without --yes, and links nothing", async () => {
    const r = await server.cli(["setup", "skills"]);
    assert.equal(r.exitCode, 1);
    assert.match(String(r.stderr), /no terminal to ask at \(run it at a terminal, or pass --yes\)/);
    assert.throws(() => lstatSync(join(claudeHome, "skills", "live-session-status")));
  });

  it("setup skills --yes links the bundled skills into Claude's home, keeps the user's, skips Codex's missing home; again it changes nothing", async () => {
    const r = await server.cli(["setup", "skills", "--yes", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const tools = (JSON.parse(String(r.stdout)) as { tools: Array<{ backend: string; skipped: boolean; skills: Array<{ name: string; found: string; done: boolean }> }> }).tools;
    const claude = tools.find((t) => t.backend === "claude");
    const codex = tools.find((t) => t.backend === "codex");
    assert.deepEqual(claude?.skills.map((s) => [s.name, s.found, s.done]), [["handoff", "kept", false], ["live-session-status", "link", true], ["message-agent-session", "link", true]]);
    assert.equal(codex?.skipped, true);
    for (const name of ["live-session-status", "message-agent-session"]) {
      assert.equal(readlinkSync(join(claudeHome, "skills", name)), join(ROOT, "etc", "skills", name));
    }
    assert.ok(lstatSync(join(claudeHome, "skills", "handoff")).isDirectory());

    mkdirSync(codexHome);
    const text = await server.cli(["setup", "skills", "--yes"]);
    assert.equal(text.exitCode, 0, String(text.stderr));
    assert.match(String(text.stdout), /Claude Code \(.*\): kept your handoff \(a directory\), not linked by agentmux/);
    assert.match(String(text.stdout), /Claude Code \(.*\): live-session-status already linked/);
    assert.match(String(text.stdout), /Codex \(.*codex 100%\/skills\): linked handoff/);
    assert.equal(readlinkSync(join(codexHome, "skills", "handoff")), join(ROOT, "etc", "skills", "handoff"));
    const again = await server.cli(["setup", "skills"]);
    assert.equal(again.exitCode, 0, "nothing to change: no question, no refusal");
    assert.doesNotMatch(String(again.stdout), /: linked /);
  });

  it("skill list --json finds every backend's skills and qualifies a clashing name", async () => {
    skill(join(server.work, ".claude", "skills", "review"), "name: review\ndescription: review it\narguments:\n  - name: focus\n    choices: [all, tests]\n    default: all\n  - name: note\n    required: false");
    skill(join(codexHome, "skills", "review"), "name: review\ndescription: codex review");
    skill(join(server.work, ".claude", "skills", "quiet"), "name: quiet\nuser-invocable: false");
    skill(join(server.work, ".claude", "skills", "broken ü"), "name: x\nmodel: [a]");
    const r = await server.cli(["skill", "list", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const answer = JSON.parse(String(r.stdout)) as { skills: Array<{ id: string; backend: string; scope: string }>; problems: Array<{ error: string }> };
    const ids = answer.skills.map((s) => s.id);
    for (const id of ["claude:review", "codex:review", "claude:live-session-status", "codex:message-agent-session", "quiet"]) assert.ok(ids.includes(id), `${id} in ${ids.join(", ")}`);
    assert.ok(ids.includes("claude:handoff") && ids.includes("codex:handoff"));
    assert.equal(answer.skills.find((s) => s.id === "claude:review")?.scope, "project");
    assert.match(answer.problems[0]?.error ?? "", /broken ü\/SKILL\.md:3: frontmatter key "model": must be a text/);
    const codexOnly = await server.cli(["skill", "list", "--backend", "codex", "--json"]);
    const codexIds = (JSON.parse(String(codexOnly.stdout)) as { skills: Array<{ id: string }> }).skills.map((s) => s.id);
    assert.ok(codexIds.includes("review") && !codexIds.includes("quiet"), codexIds.join(", "));
  });

  it("skill run NAME ARGS --to PANE types /name args into the session with the guarded submit", async () => {
    // A session in a subdirectory with a hostile name: its project skills are found up to the repository root.
    const dir = join(server.work, "wörk #1 %x 'q'");
    mkdirSync(join(server.work, ".git"), { recursive: true });
    mkdirSync(dir, { recursive: true });
    const r = await server.cli(["new", "--backend", "claude", "--dir", dir, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    await waitForState(server, pane, "idle");
    const run = await server.cli(["skill", "run", "review", "tests", "it's \"fine\" ✓", "--to", pane, "--json"]);
    assert.equal(run.exitCode, 0, String(run.stderr));
    const answer = JSON.parse(String(run.stdout)) as { skill: string; text: string; pane: string };
    assert.equal(answer.skill, "review", "only the session's backend is searched: no clash to qualify");
    assert.equal(answer.text, "/review tests \"it's \\\"fine\\\" ✓\"");
    await server.waitForScreen(pane, /received: \/review tests "it's \\"fine\\" ✓"/);
  });

  it("fills declared defaults without a terminal; refuses a bad choice, a model-only skill and a missing mode", async () => {
    const run = await server.cli(["skill", "run", "review", "--to", pane]);
    assert.equal(run.exitCode, 0, String(run.stderr));
    assert.match(String(run.stdout), /^ran \/review all in wörk #1 %x 'q' \(%\d+\)$/m);
    await server.waitForScreen(pane, /received: \/review all$/m);
    const bad = await server.cli(["skill", "run", "review", "everything", "--to", pane]);
    assert.equal(bad.exitCode, 1);
    assert.match(String(bad.stderr), /"everything" is not a choice of argument "focus" \(one of: all, tests\)/);
    const quiet = await server.cli(["skill", "run", "quiet", "--to", pane]);
    assert.equal(quiet.exitCode, 1);
    assert.match(String(quiet.stderr), /skill quiet is not user-invocable/);
    const neither = await server.cli(["skill", "run", "review"]);
    assert.equal(neither.exitCode, 2);
    assert.match(String(neither.stderr), /needs one of --to TARGET or --exec/);
    const broken = await server.cli(["skill", "run", "broken ü", "--to", pane]);
    assert.equal(broken.exitCode, 1);
    assert.match(String(broken.stderr), /SKILL\.md:3: frontmatter key "model"/);
  });

  it("a Codex session gets $name args", async () => {
    const r = await server.cli(["new", "--backend", "codex", "--dir", server.work, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const codexPane = String(r.stdout).trim();
    await server.waitForScreen(codexPane, /❯/);
    const run = await server.cli(["skill", "run", "review", "50% #1", "--to", codexPane]);
    assert.equal(run.exitCode, 0, String(run.stderr));
    await server.waitForScreen(codexPane, /received: \$review "50% #1"/);
  });

  it("skill run --exec runs it non-interactively (claude -p with the skill's model), prints the answer, and fails with the run", async () => {
    const log = join(server.home, "print.log");
    skill(join(server.work, ".claude", "skills", "fail"), "name: fail\nmodel: fake-model-1");
    const run = await server.cli(["skill", "run", "review", "tests", "--exec", "--backend", "claude"], { env: { FAKE_AGENT_LOG: log } });
    assert.equal(run.exitCode, 0, String(run.stderr));
    assert.equal(String(run.stdout), "received: /review tests");
    const failed = await server.cli(["skill", "run", "fail", "--exec", "--json"], { env: { FAKE_AGENT_LOG: log } });
    assert.equal(failed.exitCode, 1);
    const answer = JSON.parse(String(failed.stdout)) as { ok: boolean; skill: string; prompt: string };
    assert.equal(answer.ok, false);
    assert.equal(answer.prompt, "/fail");
    const prints = readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { event: string; args: string[]; cwd: string });
    const last = prints.filter((p) => p.event === "print").at(-1);
    assert.equal(last?.args[last.args.indexOf("--model") + 1], "fake-model-1");
    assert.equal(last?.cwd, server.work);
  });

  it("at a terminal: asks for the declared arguments (a list, then a line), and setup skills asks once per tool before relinking", async () => {
    // A terminal: a window of the test server running the CLI.
    const window = await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "-c", server.work, `node ${CLI} -L ${server.name} skill run review --to ${pane}; sleep 60`]);
    const term = String(window.stdout).trim();
    await server.waitForScreen(term, /review: focus/);
    await server.tmux(["send-keys", "-t", term, "Down", "Enter"]);
    await server.waitForScreen(term, /review: note \[optional\]/);
    await server.tmux(["send-keys", "-t", term, "-l", "from a terminal"]);
    await server.tmux(["send-keys", "-t", term, "Enter"]);
    await server.waitForScreen(pane, /received: \/review tests "from a terminal"/);
    await server.tmux(["kill-pane", "-t", term]);

    // A link left by an old checkout: offered, and replaced after a yes.
    const stale = join(claudeHome, "skills", "live-session-status");
    rmSync(stale);
    symlinkSync(join(userHome, "old checkout", "etc", "skills", "live-session-status"), stale);
    const ask = await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "-c", server.work, `node ${CLI} -L ${server.name} setup skills; sleep 60`]);
    const asking = String(ask.stdout).trim();
    // The lines wrap wherever the temporary directory's length puts it (the question at a space, the
    // report anywhere): read the screen with wrapped lines joined.
    const joined = async (pattern: RegExp) => {
      let screen = "";
      await server.waitFor(`${pattern} in ${asking}`, async () => pattern.test((screen = String((await server.tmux(["capture-pane", "-p", "-J", "-t", asking])).stdout))))
        .catch((e: Error) => { throw new Error(`${e.message}; screen was:\n${screen}`); });
    };
    await joined(/Claude Code: relink live-session-status\s+\(now\s[^)]*old\s+checkout[^)]*\)\s+into\s[\s\S]*\[y\/N\]/);
    await server.tmux(["send-keys", "-t", asking, "y", "Enter"]);
    await joined(/relinked live-session-status \(was .*old checkout/);
    assert.equal(readlinkSync(stale), join(ROOT, "etc", "skills", "live-session-status"));
    await server.tmux(["kill-pane", "-t", asking]);
  });

  it("skill list in a repository whose SKILL.md is a link to /dev/zero answers at once, that skill a problem saying what it is", async () => {
    const repo = join(server.work, "cloned repo");
    mkdirSync(join(repo, ".git"), { recursive: true });
    mkdirSync(join(repo, ".claude", "skills", "z"), { recursive: true });
    symlinkSync("/dev/zero", join(repo, ".claude", "skills", "z", "SKILL.md"));
    skill(join(repo, ".claude", "skills", "fine"), "name: fine\ndescription: a skill beside it");
    const r = await server.cli(["skill", "list", "--dir", repo], { guarded: true });
    assert.equal(r.timedOut, false, "skill list hung");
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.equal(String(r.stderr), `agentmux: warning: ${join(repo, ".claude", "skills", "z", "SKILL.md")} is a character device, not a regular file`);
    assert.match(String(r.stdout), /^fine\s+claude project/m);
  });
});
