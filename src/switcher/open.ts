import { loadRoster } from "../session/roster.ts";
import type { TmuxServer } from "../tmux/server.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { pick, type SwitcherSettings } from "./picker.ts";

export interface OpenOptions {
  tmux: Tmux;
  server: TmuxServer;
  /** The client that opened the popup (the binding passes #{client_name}). */
  client?: string | undefined;
  settings: () => Promise<SwitcherSettings>;
}

/** The client to switch: the one named, else (inside tmux, on its own server) tmux's current client. */
async function clientFor(options: OpenOptions): Promise<string | undefined> {
  if (options.client) return options.client;
  if (!process.env["TMUX"] || options.server.socketName || options.server.socketPath) return undefined;
  return (await options.tmux.currentClient()) || undefined;
}

/** `agentmux switch`: pick a session, then show it on the client (outside tmux: attach to it). */
export async function openSwitcher(options: OpenOptions): Promise<void> {
  const pane = await pick({
    load: (s) => loadRoster(options.tmux, { backendSuffix: s.backendSuffix }),
    settings: options.settings,
    preview: {
      capture: (p) => options.tmux.tryCapture(p),
      // Loaded on first use: the file is read while the first list loads.
      remembered: async () => (await import("./preview-pref.ts")).readPreviewPref(),
      remember: async (on) => (await import("./preview-pref.ts")).writePreviewPref(on),
    },
  });
  if (pane === null) return;
  const client = await clientFor(options);
  if (client) {
    await options.tmux.jump(pane, client);
    return;
  }
  await options.tmux.showPane(pane);
  if ((await options.tmux.attach(pane)) !== 0) throw new AgentmuxError(`could not attach to ${pane}`, { hint: "run it in a terminal, or inside tmux" });
}
