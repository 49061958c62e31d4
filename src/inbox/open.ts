import { subscribeInbox } from "../daemon/inbox-client.ts";
import type { TmuxServer } from "../tmux/server.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { answerItem, replyTo, snoozeItem, type ActDeps, type Done } from "./act.ts";
import { CHIEF_ITEM } from "../chief/item.ts";
import { request } from "../daemon/client.ts";
import { layoutFor } from "../daemon/start.ts";
import { runInboxPopup } from "./popup.ts";
import type { ScreenDialog } from "../session/stale.ts";
import type { HostConfig } from "../config/config.ts";
import { hostPlace } from "../hosts/known.ts";
import { splitHostTarget } from "../hosts/address.ts";

export interface OpenInboxOptions {
  tmux: Tmux;
  server: TmuxServer;
  /** The client that opened the popup (the binding passes #{client_name}): Enter switches it. */
  client?: string | undefined;
  /** The configured hosts, read when another machine's item is acted on (the config is not read otherwise). */
  hosts?: () => Promise<readonly HostConfig[]>;
}

/**
 * The dialog reader, loaded when the first answer is checked (the manifests are YAML: the popup
 * opens without them): the backend's manifest reads the screen as the daemon reads it.
 */
function screenDialogs(): (screen: string, backend: string) => Promise<ScreenDialog | null> {
  let reader: Promise<(screen: string, backend: string) => ScreenDialog | null> | null = null;
  const load = async () => {
    const [{ findManifest, loadManifests }, { readDialog }] = await Promise.all([import("../detect/load.ts"), import("../detect/dialog.ts")]);
    const { manifests } = loadManifests();
    return (screen: string, backend: string) => {
      const manifest = findManifest(manifests, backend);
      return manifest ? readDialog(manifest, screen) : null;
    };
  };
  return async (screen, backend) => (await (reader ??= load()))(screen, backend);
}

/** The client to switch: the one named, else (inside tmux, on its own server) tmux's current client. */
async function clientFor(options: OpenInboxOptions): Promise<string | undefined> {
  if (options.client) return options.client;
  if (!process.env["TMUX"] || options.server.socketName || options.server.socketPath) return undefined;
  return (await options.tmux.currentClient()) || undefined;
}

/** What answering needs: the screens' dialogs read as the daemon reads them, and each CLI's input line. */
export function actDeps(tmux: Tmux): ActDeps {
  return { tmux, readDialog: screenDialogs(), promptLine: async (backend) => (await import("../backends/index.ts")).promptLineOf(backend) };
}

async function dismissNudges(tmux: Tmux): Promise<number> {
  const answer = await request((await layoutFor(tmux)).socket, { op: "chief", action: "dismiss" }, 5000);
  if (!answer.ok) throw new AgentmuxError(`chief dismiss: ${answer.error}`, answer.hint ? { hint: answer.hint } : {});
  return Number(answer["dismissed"] ?? 0);
}

/** A key on a stateless chief nudge: z dismisses the nudges; a reply goes to the state file with `agentmux chief note`. */
async function chiefItem(tmux: Tmux, kind: "answer" | "reply" | "snooze"): Promise<Done> {
  if (kind !== "snooze") return { sent: false, notice: "a chief nudge takes no reply here: agentmux chief note adds one to its state file" };
  return { sent: true, notice: `${await dismissNudges(tmux)} chief nudge(s) dismissed` };
}

/** `agentmux inbox` at a terminal: the popup; Enter goes to the session (outside tmux: attaches to it). */
export async function openInbox(options: OpenInboxOptions): Promise<void> {
  const { tmux } = options;
  const deps = actDeps(tmux);
  const pane = await runInboxPopup({
    subscribe: (onItems, onEnd) => subscribeInbox(tmux, onItems, onEnd),
    act: async (action) => {
      if (action.item.pane === CHIEF_ITEM) return chiefItem(tmux, action.kind);
      if (action.item.host) return (await import("./remote-act.ts")).actOnHost(await hostPlace(tmux, await options.hosts?.(), action.item.pane), action);
      if (action.kind === "answer") return answerItem(deps, action.item, action.keys, action.label);
      if (action.kind === "reply") return replyTo(deps, action.item, action.text);
      return snoozeItem(tmux, action.item, action.on);
    },
  });
  if (pane === null) return;
  // A stateless chief nudge is no session's: Enter, having read it, takes it out of the inbox.
  if (pane === CHIEF_ITEM) { await dismissNudges(tmux); return; }
  const client = await clientFor(options);
  if (splitHostTarget(pane)) {
    // Another machine's session: a local window (or, outside tmux, this terminal) attached there over ssh.
    await (await import("../hosts/view.ts")).showRemote(tmux, { ...(await hostPlace(tmux, await options.hosts?.(), pane)), client });
    return;
  }
  if (client) {
    await tmux.jump(pane, client);
    return;
  }
  await tmux.showPane(pane);
  if ((await tmux.attach(pane)) !== 0) throw new AgentmuxError(`could not attach to ${pane}`, { hint: "run it in a terminal, or inside tmux" });
}
