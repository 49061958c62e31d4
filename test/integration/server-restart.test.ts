import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { exchange, paneOption, waitForState } from "../helpers/agentmux-session.ts";
import type { Registry } from "../../src/session/restore-registry.ts";

const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };

/** A daemon belongs to one tmux server: a new server on the same socket is not its own. */
describe("a quick tmux restart (kill-server, then a new server on the same socket)", () => {
  const server = new TestServer();
  const log = join(server.home, "agents.log");
  const registryPath = join(server.home, "state", "registry.json");
  const recordedIds = () => {
    try {
      return (JSON.parse(readFileSync(registryPath, "utf8")) as Registry).servers.flatMap((s) => s.sessions.map((e) => e.id)).sort();
    } catch {
      return [];
    }
  };
  const resumedIds = () => existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { event: string; args: string[] })
    .filter((e) => e.event === "start" && e.args.includes("--resume")).map((e) => e.args[e.args.indexOf("--resume") + 1] as string) : [];

  before(async () => {
    // Claude's home, where the fake keeps its transcripts as Claude would: a restore resumes them.
    server.env["CLAUDE_CONFIG_DIR"] = join(server.home, "claude-home");
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: log });
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("leaves the dead server's sessions in the registry, and restore --all brings them back", async () => {
    const ids: string[] = [];
    for (const instance of ["one", "two"]) {
      const r = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", instance, "--detached"]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      const pane = String(r.stdout).trim();
      await waitForState(server, pane, "idle");
      let id = "";
      await server.waitFor(`${pane}'s native id`, async () => (id = await paneOption(server, pane, "@agentmux-id")) !== "", 30_000);
      await exchange(server, pane);
      ids.push(id);
    }
    await server.waitFor("both sessions recorded", () => recordedIds().length === 2, 20_000);
    const { pid } = JSON.parse(String((await server.cli(["daemon", "status", "--json"])).stdout)) as { pid: number };

    await server.tmux(["kill-server"]);
    await server.waitFor("the old tmux server to go", async () => /no server running|error connecting/.test(String((await server.tmux(["list-sessions"])).stderr)));
    await server.start(); // within the old daemon's reconnect window
    await server.setServerEnv({ FAKE_AGENT_LOG: log });

    await server.waitFor("the old daemon to leave", () => !alive(pid), 30_000);
    assert.deepEqual(recordedIds(), [...ids].sort(), "the dead server's sessions stay recorded");
    const logs = join(server.home, "state", "logs");
    const text = readdirSync(logs).map((f) => readFileSync(join(logs, f), "utf8")).join("");
    assert.match(text, /stopping: the tmux server is gone/);

    const r = await server.cli(["restore", "--all"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    for (const id of ids) assert.match(String(r.stdout), new RegExp(`restored claude ${id} in %\\d+`));
    await server.waitFor("both resumed", () => resumedIds().length === 2, 30_000);
    assert.deepEqual(resumedIds().sort(), [...ids].sort());
  });
});
