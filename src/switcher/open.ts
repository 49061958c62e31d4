import { loadRoster, type RosterEntry } from "../session/roster.ts";
import { queuedCounts } from "../branch/review-queued.ts";
import { places } from "../util/paths.ts";
import type { TmuxServer } from "../tmux/server.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { pick, type SwitcherSettings } from "./picker.ts";
import { splitHostTarget } from "../hosts/address.ts";
import { knownHosts } from "../hosts/read-known.ts";

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

/** A session with review comments waiting for its turn to end (agentmux review) says so before its status. */
function withQueuedReviews(entries: RosterEntry[]): RosterEntry[] {
  const queued = queuedCounts(places().stateDir);
  if (queued.size === 0) return entries;
  return entries.map((e) => {
    const n = queued.get(e.tokenHash);
    return n ? { ...e, status: `✉ ${n} review comment${n === 1 ? "" : "s"} queued${e.status ? ` · ${e.status}` : ""}` } : e;
  });
}

/** `agentmux switch`: pick a session, then show it on the client (outside tmux: attach to it). */
export async function openSwitcher(options: OpenOptions): Promise<void> {
  const pane = await pick({
    load: async (s) => withQueuedReviews(await loadRoster(options.tmux, { backendSuffix: s.backendSuffix })),
    // Loaded only with hosts configured: what the daemon last heard of them (no ssh).
    remote: async (s) => (await import("./host-rows.ts")).hostRows(await knownHosts(options.tmux, s.hosts ?? []), Date.now()),
    settings: options.settings,
    preview: {
      // Another machine's screen is read there (`agentmux read` over its shared connection).
      capture: async (p) => (splitHostTarget(p) ? (await import("./host-preview.ts")).remoteScreen(options.tmux, (await options.settings()).hosts, p) : options.tmux.tryCapture(p)),
      // Loaded on first use: the file is read while the first list loads.
      remembered: async () => (await import("./preview-pref.ts")).readPreviewPref(),
      remember: async (on) => (await import("./preview-pref.ts")).writePreviewPref(on),
      // The diff view: what the session changed (agentmux diff), loaded on first use.
      diff: async (p) => {
        if (splitHostTarget(p)) return `another machine's session: agentmux diff ${p} shows it`;
        const [{ findSession }, { diffOfSession }, { statLines }] = await Promise.all([import("../session/store.ts"), import("../branch/session-diff.ts"), import("../branch/diff.ts")]);
        try {
          const diff = await diffOfSession(options.tmux, await findSession(options.tmux, p, { includeExited: true }));
          return [`changes since ${diff.against}`, ...statLines(diff), "", diff.text].join("\n");
        } catch (error) {
          return (error as Error).message;
        }
      },
    },
  });
  if (pane === null) return;
  const client = await clientFor(options);
  if (splitHostTarget(pane)) {
    const [{ hostPlace }, { showRemote }] = await Promise.all([import("../hosts/known.ts"), import("../hosts/view.ts")]);
    await showRemote(options.tmux, { ...(await hostPlace(options.tmux, (await options.settings()).hosts, pane)), client });
    return;
  }
  if (client) {
    await options.tmux.jump(pane, client);
    return;
  }
  await options.tmux.showPane(pane);
  if ((await options.tmux.attach(pane)) !== 0) throw new AgentmuxError(`could not attach to ${pane}`, { hint: "run it in a terminal, or inside tmux" });
}
