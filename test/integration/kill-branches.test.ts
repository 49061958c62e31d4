import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { listJson, paneOption, waitForState } from "../helpers/agentmux-session.ts";

// A HOME of its own: the Claude transcripts the kill scans are under ~/.claude/projects.
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-kill-branches-")));

/** agentmux kill at a terminal asks a second time about a session that others were branched from. */
describe("kill protection: branches", () => {
  const server = new TestServer({ HOME: userHome });
  const project = join(userHome, ".claude", "projects", server.work.replace(/[^a-zA-Z0-9]/g, "-"));
  const transcript = (id: string, forkedFrom?: string) => writeFileSync(join(project, `${id}.jsonl`), [
    JSON.stringify({ type: "summary", summary: "a conversation" }),
    JSON.stringify({ type: "user", sessionId: id, cwd: server.work, ...(forkedFrom ? { forkedFrom: { sessionId: forkedFrom, messageUuid: "m-1" } } : {}) }),
  ].join("\n") + "\n");
  let shell = "";

  const stateOf = async (instance: string) => (await listJson(server)).find((s) => s["instance"] === instance)?.["state"];
  const startClaude = async (instance: string) => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", instance, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await waitForState(server, pane, "idle");
    let id = "";
    await server.waitFor(`${pane}'s native id`, async () => (id = await paneOption(server, pane, "@agentmux-id")) !== "");
    return id;
  };
  const typeKill = async (instance: string) => {
    await server.tmux(["send-keys", "-t", shell, "clear", "Enter"]);
    await server.tmux(["send-keys", "-t", shell, `node ${CLI} kill ${instance}; echo "exit=$?"`, "Enter"]);
    await server.waitForScreen(shell, new RegExp(`Kill work:${instance} \\(claude, \\w+\\)\\? \\[y/N\\]`));
    await server.tmux(["send-keys", "-t", shell, "y", "Enter"]);
  };

  before(async () => {
    await server.start();
    await server.setServerEnv({ CLAUDE_CONFIG_DIR: undefined });
    mkdirSync(project, { recursive: true });
    writeFileSync(join(userHome, ".claude", "settings.json"), "{}\n");
    // A person's shell on the same server: the tmux environment of the test, and the built CLI.
    shell = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"])).stdout).trim();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("names how many branches (forks of forks too): no keeps the session, yes kills it", async () => {
    const id = await startClaude("parent");
    transcript(id);
    transcript("branch-1", id);
    transcript("branch-2", "branch-1");
    transcript("unrelated", "someone-else");

    await typeKill("parent");
    await server.waitForScreen(shell, /work:parent has 2 branches \(sessions forked from it\)\. Kill it anyway\? \[y\/N\]/);
    await server.tmux(["send-keys", "-t", shell, "n", "Enter"]);
    await server.waitForScreen(shell, /work:parent was not killed[\s\S]*exit=1/);
    assert.notEqual(await stateOf("parent"), "exited");

    await typeKill("parent");
    await server.waitForScreen(shell, /has 2 branches/);
    await server.tmux(["send-keys", "-t", shell, "y", "Enter"]);
    await server.waitForScreen(shell, /exit=0/);
    await server.waitFor("parent exited", async () => (await stateOf("parent")) === "exited");
  });

  it("asks once for a session nothing was branched from", async () => {
    const id = await startClaude("leaf");
    transcript(id, "someone-else");
    await typeKill("leaf");
    const screen = await server.waitForScreen(shell, /exit=\d/);
    assert.match(screen, /exit=0/);
    assert.doesNotMatch(screen, /branch/);
    await server.waitFor("leaf exited", async () => (await stateOf("leaf")) === "exited");
  });

  it("asks once with protection.branches: false", async () => {
    writeConfig(server.home, { protection: { branches: false } });
    const id = await startClaude("forked");
    transcript(id);
    transcript("branch-of-forked", id);
    await typeKill("forked");
    const screen = await server.waitForScreen(shell, /exit=\d/);
    assert.match(screen, /exit=0/);
    assert.doesNotMatch(screen, /branch/);
    await server.waitFor("forked exited", async () => (await stateOf("forked")) === "exited");
  });
});
