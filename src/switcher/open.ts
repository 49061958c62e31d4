import { spawnSync } from "node:child_process";
import { loadRoster } from "../session/roster.ts";
import type { TmuxCaller } from "../tmux/exec.ts";
import { jumpArgs } from "../tmux/jump.ts";
import { THEN } from "../tmux/safe-text.ts";
import { serverArgs, type TmuxServer } from "../tmux/server.ts";
import { AgentmuxError } from "../util/errors.ts";
import { pick, type SwitcherSettings } from "./picker.ts";

export interface OpenOptions {
  tmux: TmuxCaller;
  server: TmuxServer;
  /** The client that opened the popup (the binding passes #{client_name}). */
  client?: string | undefined;
  settings: () => Promise<SwitcherSettings>;
}

/** The client to switch: the one named, else (inside tmux, on its own server) tmux's current client. */
async function clientFor(options: OpenOptions): Promise<string | undefined> {
  if (options.client) return options.client;
  if (!process.env["TMUX"] || options.server.socketName || options.server.socketPath) return undefined;
  const name = await options.tmux.run(["display-message", "-p", "#{client_name}"]).catch(() => "");
  return name.trim() || undefined;
}

/** `agentmux switch`: pick a session, then show it on the client (outside tmux: attach to it). */
export async function openSwitcher(options: OpenOptions): Promise<void> {
  const pane = await pick({ load: (s) => loadRoster(options.tmux, { backendSuffix: s.backendSuffix }), settings: options.settings });
  if (pane === null) return;
  const client = await clientFor(options);
  if (client) {
    await options.tmux.run(jumpArgs(pane, client));
    return;
  }
  await options.tmux.run(["select-window", "-t", pane, THEN, "select-pane", "-t", pane]);
  const env = { ...process.env };
  delete env["TMUX"];
  delete env["TMUX_PANE"];
  const attached = spawnSync("tmux", [...serverArgs(options.server), "attach-session", "-t", pane], { stdio: "inherit", env });
  if (attached.status !== 0) throw new AgentmuxError(`could not attach to ${pane}`, { hint: "run it in a terminal, or inside tmux" });
}
