import type { Command } from "commander";
import { nextNeedingYou } from "../session/next.ts";
import { latestUnseen, loadNotices } from "../session/notices.ts";
import { loadRoster } from "../session/roster.ts";
import { AgentmuxError } from "../util/errors.ts";
import type { HostSnapshot } from "../hosts/snapshot.ts";
import { knownHosts } from "../hosts/read-known.ts";
import { Context, printJson } from "./context.ts";
import { currentPane, jumpTo, tell } from "./on-client.ts";
import { out, shown } from "../util/terminal-text.ts";

export interface NextOptions { client?: string; from?: string; json?: boolean; notified?: boolean; cycle?: boolean }

/** What `next --notified` says when no notification is unseen: in the status line for the key, as the error otherwise. */
export const NO_UNSEEN = "no unseen notification to go to";

/**
 * `agentmux next` (prefix B): the session of the most recent unseen notification first, else the
 * next waiting or blocked one in key order. The fast path calls it without commander.
 */
export async function runNext(ctx: Context, options: NextOptions): Promise<void> {
  if (options.notified && options.cycle) throw new AgentmuxError("--notified and --cycle cannot be used together", { hint: "--notified goes only to a notified session; --cycle never does" });
  // Other machines' sessions (what the daemon last heard: no ssh), for when none here needs you:
  // read while tmux answers the questions below, which it needs the socket path of too.
  const remote = !options.notified && ctx.config.hosts.length > 0 ? knownHosts(ctx.tmux, ctx.config.hosts) : null;
  remote?.catch(() => { /* reported where it is awaited, if it is */ });
  const [roster, notices] = await Promise.all([
    loadRoster(ctx.tmux, { backendSuffix: ctx.config.display.backendSuffix }),
    options.cycle ? [] : loadNotices(ctx.tmux, ownSocket(ctx)),
  ]);
  const from = await currentPane(ctx, options.client, options.from);
  const told = latestUnseen(notices, roster, from);
  if (options.notified && !told) {
    if (options.client) { await tell(ctx, options.client, NO_UNSEEN); return; }
    throw new AgentmuxError(NO_UNSEEN, { hint: "agentmux next (without --notified) goes to the next waiting session" });
  }
  const target = told?.session ?? nextNeedingYou(roster, from);
  // None here: another machine's session that needs you, most urgent first (what the daemon last heard; no ssh to find it).
  if (!target && remote && (await nextOnHost(ctx, options, await remote))) return;
  if (!target) {
    const snoozed = roster.filter((s) => s.snoozed && (s.state === "waiting" || s.state === "blocked")).length;
    const text = `no session is waiting for you${snoozed > 0 ? ` (${snoozed} snoozed)` : ""}`;
    if (options.client) { await tell(ctx, options.client, text); return; }
    throw new AgentmuxError(text, { hint: "agentmux list shows every session's state" });
  }
  await jumpTo(ctx, target.pane, options.client);
  if (options.json) printJson({ pane: target.pane, name: target.name, key: target.key || null, state: target.state, notified: told ? told.notice.text : null });
  else if (!options.client) out(shown`${target.name} (${target.pane}) ${target.state}${told ? shown` (notified: ${told.notice.text})` : ""}\n`);
}

/** Go to the most urgent of the other machines' sessions that need you (a local window on it); false when none does. */
async function nextOnHost(ctx: Context, options: NextOptions, snapshots: HostSnapshot[]): Promise<boolean> {
  const [{ hostPlace }, { remoteInboxItems }] = await Promise.all([import("../hosts/known.ts"), import("../hosts/inbox.ts")]);
  const item = remoteInboxItems(snapshots).find((i) => !i.snoozed);
  if (!item) return false;
  const { openHostView } = await import("../hosts/view.ts");
  await openHostView(ctx.tmux, { ...(await hostPlace(ctx.tmux, ctx.config.hosts, item.pane)), client: options.client });
  if (options.json) printJson({ pane: item.pane, name: item.name, host: item.host, key: null, state: item.state, notified: null });
  else if (!options.client) out(shown`${item.name} (${item.pane}) ${item.state}\n`);
  return true;
}

/** The socket of the server $TMUX names, when that is the one talked to (key bindings run with it set). */
function ownSocket(ctx: Context): string | undefined {
  const tmux = process.env["TMUX"];
  return tmux && !ctx.server.socketName && !ctx.server.socketPath ? tmux.split(",")[0] : undefined;
}

export function registerNext(program: Command): void {
  program
    .command("next")
    .description("jump to the session of the most recent unseen notification, else to the next session waiting for you (waiting or blocked), in key order, wrapping; snoozed ones are skipped")
    .option("--client <name>", "the tmux client to switch; messages go to its status line (key bindings pass #{client_name})")
    .option("--from <pane>", "count from this pane (default: the client's current pane, or $TMUX_PANE)")
    .option("--notified", "only the session of the most recent unseen notification (fails when there is none)")
    .option("--cycle", "ignore notifications: the next waiting or blocked session in key order")
    .option("--json", "print the session jumped to as JSON")
    .action((options: NextOptions, command: Command) => runNext(Context.of(command), options));
}
