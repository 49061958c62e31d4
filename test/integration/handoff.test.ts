import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { writeConfig } from "../helpers/config.ts";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { listJson, paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { asAgent } from "../helpers/as-agent.ts";

const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-handoff-")));

interface Logged { event: string; pid: number; args?: string[]; text?: string; env?: { AGENTMUX_SESSION?: string } }

describe("handoff: close a session, start a new one with the handoff text", () => {
  const server = new TestServer({ HOME: userHome });
  const log = join(server.home, "agents.log");
  const withHandoffFile = { backends: { claude: { handoffFile: ".claude/handoff.md" } } };
  const dir = (name: string) => join(server.work, name);
  const logged = (): Logged[] => {
    try { return readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Logged); } catch { return []; }
  };
  const starts = () => logged().filter((e) => e.event === "start");
  const writeHandoff = (where: string, text: string) => {
    mkdirSync(join(where, ".claude"), { recursive: true });
    writeFileSync(join(where, ".claude", "handoff.md"), text);
  };
  const startSession = async (where: string, extra: string[] = []) => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", where, "--detached", ...extra]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await waitForState(server, pane, "idle");
    return pane;
  };
  const panePid = async (pane: string) => String((await server.tmux(["display-message", "-p", "-t", pane, "#{pane_pid}"])).stdout);
  const windowOf = async (pane: string) => String((await server.tmux(["display-message", "-p", "-t", pane, "#{window_id} #{window_name}"])).stdout);
  const livePanes = async () => String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id}"])).stdout).split("\n");
  /** The CLI run from another directory (cli() always runs in server.work). */
  const cliIn = (cwd: string, args: string[], env: Record<string, string> = {}) =>
    execa("node", [CLI, "-L", server.name, ...args], { env: { ...server.env, ...env }, extendEnv: false, input: "", reject: false, cwd });
  const refused = (r: { exitCode?: number; stderr: unknown }, pattern: RegExp) => {
    assert.notEqual(r.exitCode, 0);
    assert.match(String(r.stderr), pattern);
    assert.equal(String(r.stderr).trim().split("\n").length, 1, String(r.stderr));
  };
  /** The old session is listed as exited; the new one started with the text as its first (submitted) prompt. */
  const assertHandedOff = async (old: string, fresh: string, text: string) => {
    assert.notEqual(fresh, old);
    assert.ok(!(await livePanes()).includes(old), "the old pane is closed");
    const listed = await listJson(server);
    assert.equal(listed.find((s) => s["pane"] === old)?.["state"], "exited", "the old session stays listed as exited");
    await server.waitFor("the new session's first submission", () => logged().some((e) => e.event === "submit" && e.text === text && starts().some((s) => s.pid === e.pid && s.env?.AGENTMUX_SESSION === fresh)));
    const started = starts().find((s) => s.env?.AGENTMUX_SESSION === fresh);
    assert.equal(started?.args?.[0], text, "the text is the prompt handed over at launch");
    assert.ok(!started?.args?.includes("--resume"), "a new conversation, not a resumed one");
    await server.waitForScreen(fresh, new RegExp(`received: ${text.split("\n")[0]}`));
  };

  before(async () => {
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: log });
    mkdirSync(join(server.home, "config"), { recursive: true });
    writeConfig(server.home, withHandoffFile);
    for (const name of ["proj", "other", "third", "solo", "duo"]) mkdirSync(dir(name));
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("without front matter: a new session in the same directory, pane and window, with the text as its prompt", async () => {
    const old = await startSession(dir("proj"), ["--instance", "keep", "--group", "crew"]);
    const window = await windowOf(old);
    assert.equal(window.split(" ")[1], "proj:keep");
    writeHandoff(dir("proj"), "Continue from this handoff.\n");
    const r = await server.cli(["handoff", "keep", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const out = JSON.parse(String(r.stdout)) as Record<string, unknown>;
    assert.equal(out["from"], old);
    assert.equal(out["dir"], dir("proj"));
    assert.equal(out["directoryFrom"], "session");
    const fresh = String(out["pane"]);
    await assertHandedOff(old, fresh, "Continue from this handoff.");
    assert.equal(await windowOf(fresh), window, "the same window (and name), where the old pane was");
    assert.equal(await paneOption(server, fresh, "@agentmux-dir"), dir("proj"));
    assert.equal(await paneOption(server, fresh, "@agentmux-instance"), "keep", "same directory: the instance name stays");
    assert.equal(await paneOption(server, fresh, "@agentmux-group"), "crew");
    assert.ok(existsSync(join(dir("proj"), ".claude", "handoff.md")), "the file is left alone");
    await server.cli(["kill", fresh, "--yes"]);
  });

  it("front matter target-directory (relative to the session's directory) moves the new session there", async () => {
    const old = await startSession(dir("proj"), ["--instance", "mover"]);
    writeHandoff(dir("proj"), "---\ntarget-directory: ../other\n---\n\nGo on in other.\n");
    const r = await server.cli(["handoff", old]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const fresh = /→ (%\d+) in (.*)$/.exec(String(r.stdout).trim());
    assert.ok(fresh?.[1], String(r.stdout));
    assert.equal(fresh[2], dir("other"));
    await assertHandedOff(old, fresh[1], "Go on in other.");
    assert.equal(await paneOption(server, fresh[1], "@agentmux-dir"), dir("other"));
    assert.equal(await paneOption(server, fresh[1], "@agentmux-instance"), "", "another directory: no old instance name");
    assert.equal((await windowOf(fresh[1])).split(" ")[1], "other", "the window is named as new would name it");
    await server.cli(["kill", fresh[1], "--yes"]);
  });

  it("--to overrides the front matter", async () => {
    const old = await startSession(dir("proj"), ["--instance", "told"]);
    writeHandoff(dir("proj"), "---\ntarget-directory: ../other\n---\nGo on in third.\n");
    const r = await server.cli(["handoff", "told", "--to", dir("third"), "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const out = JSON.parse(String(r.stdout)) as Record<string, unknown>;
    assert.equal(out["dir"], dir("third"));
    assert.equal(out["directoryFrom"], "argument");
    await assertHandedOff(old, String(out["pane"]), "Go on in third.");
    assert.equal(await paneOption(server, String(out["pane"]), "@agentmux-dir"), dir("third"));
    await server.cli(["kill", String(out["pane"]), "--yes"]);
  });

  it("a front matter naming a missing directory is refused before anything is closed", async () => {
    const old = await startSession(dir("proj"), ["--instance", "stay"]);
    const pid = await panePid(old);
    const token = await paneOption(server, old, "@agentmux-token-hash");
    const before = starts().length;
    writeHandoff(dir("proj"), "---\ntarget-directory: ../missing\n---\nNever sent.\n");
    refused(await server.cli(["handoff", "stay"]), /handoff file .*handoff\.md: target-directory \.\.\/missing is not an existing directory/);
    assert.equal(starts().length, before, "nothing was started");
    assert.equal(await panePid(old), pid);
    assert.equal(await paneOption(server, old, "@agentmux-token-hash"), token);
    await server.cli(["send", old, "still here"]);
    await server.waitForScreen(old, /received: still here/);
    await server.cli(["kill", old, "--yes"]);
  });

  it("no handoffFile in the config: an error naming the key, nothing closed", async () => {
    const old = await startSession(dir("proj"), ["--instance", "unset"]);
    const pid = await panePid(old);
    const before = starts().length;
    writeHandoff(dir("proj"), "Never sent.\n");
    writeConfig(server.home, { backends: { claude: { args: [] } } });
    try {
      refused(await server.cli(["handoff", "unset"]), /no handoff file is configured \(backends\.claude\.handoffFile\).*config\.yml/);
    } finally {
      writeConfig(server.home, withHandoffFile);
    }
    assert.equal(starts().length, before);
    assert.equal(await panePid(old), pid);
    assert.notEqual(await paneOption(server, old, "@agentmux-state"), "exited");
    await server.cli(["kill", old, "--yes"]);
  });

  it("--from PANE DIR: an agent hands itself off (no control API needed), DIR over the front matter", async () => {
    const old = await startSession(dir("proj"), ["--instance", "self"]);
    writeHandoff(dir("proj"), "---\ntarget-directory: ../missing\n---\nSelf handed.\n");
    // Run by the agent itself (a child of its process), which the handoff then closes.
    const r = await asAgent(server, old, ["handoff", "--from", old, dir("other"), "--json"], { ownSession: true });
    assert.equal(r.rc, 0, r.out);
    const out = JSON.parse(r.out) as Record<string, unknown>;
    assert.equal(out["from"], old);
    assert.equal(out["dir"], dir("other"));
    await assertHandedOff(old, String(out["pane"]), "Self handed.");
    await server.cli(["kill", String(out["pane"]), "--yes"]);
  });

  it("--from with no live pane closes the single session in the current directory; several is an error", async () => {
    const old = await startSession(dir("solo"));
    writeHandoff(dir("solo"), "Solo handoff.\n");
    const r = await cliIn(dir("solo"), ["handoff", "--from", "%999", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const out = JSON.parse(String(r.stdout)) as Record<string, unknown>;
    assert.equal(out["from"], old);
    assert.equal(out["dir"], dir("solo"));
    await assertHandedOff(old, String(out["pane"]), "Solo handoff.");

    const a = await startSession(dir("duo"), ["--instance", "a"]);
    const b = await startSession(dir("duo"), ["--instance", "b"]);
    writeHandoff(dir("duo"), "Never sent.\n");
    const before = starts().length;
    refused(await cliIn(dir("duo"), ["handoff", "--from", "%999"]), new RegExp(`pane "%999" is not a live agentmux session, and several sessions run in .*duo: .*\\(${a}\\).*\\(${b}\\)`));
    refused(await cliIn(dir("third"), ["handoff", "--from", "%999"]), /no session runs in .*third/);
    assert.equal(starts().length, before);
    for (const pane of [a, b]) assert.ok((await livePanes()).includes(pane));
  });
});
