import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { TestServer } from "./tmux-server.ts";

export type ListEntry = Record<string, unknown>;

export async function listJson(server: TestServer): Promise<ListEntry[]> {
  const r = await server.cli(["list", "--json"]);
  assert.equal(r.exitCode, 0, String(r.stderr));
  return JSON.parse(String(r.stdout)) as ListEntry[];
}

export async function paneOption(server: TestServer, pane: string, name: string): Promise<string> {
  return String((await server.tmux(["show-option", "-pqv", "-t", pane, name])).stdout);
}

export async function globalOption(server: TestServer, name: string): Promise<string> {
  return String((await server.tmux(["show-option", "-gqv", name])).stdout);
}

/** Wait until the daemon shows the pane in the given state (through the pane option it writes). */
export async function waitForState(server: TestServer, pane: string, state: string, timeoutMs = 10_000): Promise<void> {
  let last = "";
  await server.waitFor(`${pane} ${state}`, async () => (last = await paneOption(server, pane, "@agentmux-state")) === state, timeoutMs).catch(async (e: Error) => {
    throw new Error(`${e.message} (last state: ${last || "unknown"})\n${await why(server, pane)}`);
  });
}

/** What the daemon says of a pane that did not reach a state: its explain and the log's last lines, for the failure's message. */
async function why(server: TestServer, pane: string): Promise<string> {
  const explained = await server.cli(["explain", pane]).catch(() => null);
  const logs = await server.cli(["daemon", "logs", "-n", "40"]).catch(() => null);
  return `explain:\n${String(explained?.stdout ?? "")}${String(explained?.stderr ?? "")}\ndaemon log:\n${String(logs?.stdout ?? "")}`;
}

/** The environment a session's own process has (for running agentmux inside it). */
export async function sessionEnv(server: TestServer, pane: string): Promise<Record<string, string>> {
  // Only the process has its token (pane options hold a hash): read it where the process keeps it.
  const pid = String((await server.tmux(["display-message", "-p", "-t", pane, "#{pane_pid}"])).stdout).trim();
  const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
  const token = environ.find((e) => e.startsWith("AGENTMUX_TOKEN="))?.slice("AGENTMUX_TOKEN=".length) ?? "";
  const socket = String((await server.tmux(["display-message", "-p", "#{socket_path}"])).stdout);
  const sock = String((await server.cli(["daemon", "status", "--json"])).stdout);
  const parsed = JSON.parse(sock) as { socket: string };
  return { AGENTMUX_SESSION: pane, AGENTMUX_TOKEN: token, AGENTMUX_SOCK: parsed.socket, TMUX: `${socket},1,0`, TMUX_PANE: pane };
}

/**
 * One message exchanged with a fake agent session (sent, answered, back at its prompt): the
 * conversation a restart or restore resumes. (The fake writes a transcript only where a real CLI
 * would: Claude's needs CLAUDE_CONFIG_DIR or an account's home, Codex's CODEX_HOME.)
 */
export async function exchange(server: TestServer, pane: string, text = "a first message"): Promise<void> {
  const r = await server.cli(["send", pane, text]);
  if (r.exitCode !== 0) throw new Error(`send to ${pane}: ${String(r.stderr)}`);
  await server.waitForScreen(pane, new RegExp(`received: ${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
}
