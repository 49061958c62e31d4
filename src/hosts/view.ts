import { homedir } from "node:os";
import type { HostConfig } from "../config/config.ts";
import { popupArgs } from "../tmux/menu.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { shQuote } from "../util/sh.ts";
import { runOnHost } from "./run.ts";
import { sshArgv, sshProgram } from "./ssh.ts";

/** The pane option a local window viewing another machine's session carries: HOST:PANE, so it is found again. */
export const VIEW_OPTION = "@agentmux-host-view";

/** How a remote session is shown here. */
export interface ViewRequest {
  host: HostConfig;
  /** The session there, as its agentmux names it (a pane id, a name). */
  target: string;
  /** The daemon's runtime directory (the shared connection's socket), or null. */
  dir: string | null;
  /** A popup on this client instead of a window. */
  popup?: boolean;
  /** The client to switch (a key binding passes #{client_name}). */
  client?: string | undefined;
  env?: NodeJS.ProcessEnv;
}

/** ssh's argv (with a terminal there) for the remote `agentmux attach TARGET`, which selects the pane and attaches to its session. */
export function viewArgv(request: ViewRequest): string[] {
  // A tmux pane takes UTF-8, whatever locale the ssh login has (often none): the remote client draws it.
  const argv = sshArgv(request.host, request.dir, "attach", ["--utf8", request.target]);
  argv[argv.indexOf("-T")] = "-t";
  return [sshProgram(request.env), ...argv];
}

/**
 * Show another machine's session inside this tmux: a local window running `ssh -t HOST agentmux
 * attach TARGET` (the remote attach selects its pane), reused when one for that session is open
 * already; with `popup`, a popup on the client instead. A remote session is never driven from here
 * except through its own agentmux.
 */
export async function openHostView(tmux: Tmux, request: ViewRequest): Promise<void> {
  const argv = viewArgv(request);
  const key = `${request.host.name}:${request.target}`;
  if (request.popup) {
    await tmux.run(popupArgs({ client: request.client, title: key, command: argv.map(shQuote).join(" "), width: "90%", height: "90%" }));
    return;
  }
  const open = (await tmux.paneLines(`#{pane_id} #{pane_dead} #{${VIEW_OPTION}}`)).map((l) => l.split(" ")).find(([, dead, ...view]) => dead === "0" && view.join(" ") === key);
  let pane = open?.[0];
  if (!pane) {
    pane = await tmux.spawn({ argv, dir: homedir(), env: {}, windowName: key });
    await tmux.setOption({ pane }, VIEW_OPTION, key);
  }
  // A client to switch: the one named, else (inside tmux) the current one; none: the window is made current only.
  if (request.client || process.env["TMUX"]) await tmux.focus(pane, request.client);
  else await tmux.showPane(pane);
}

/** Going to another machine's session: with a client, a local window on it; without (outside tmux), this terminal attaches there. */
export async function showRemote(tmux: Tmux, request: ViewRequest): Promise<void> {
  if (request.client) { await openHostView(tmux, request); return; }
  if ((await attachHere(request)) !== 0) throw new AgentmuxError(`could not attach to ${request.host.name}:${request.target}`, { hint: "run it in a terminal, or inside tmux" });
}

/** Outside tmux: this terminal attaches there (ssh -t), until it detaches. Answers the exit status. */
export async function attachHere(request: ViewRequest): Promise<number> {
  return (await runOnHost(request.host, request.dir, "attach", [request.target], { tty: true, ...(request.env ? { env: request.env } : {}) })).code;
}
