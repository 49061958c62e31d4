import { isAccountBackend } from "../backends/account-homes.ts";
import { poolsOf } from "../accounts/accounts.ts";
import { readSelection } from "../accounts/selection.ts";
import { isBackendName, isPlainCommand } from "../backends/index.ts";
import type { Config } from "../config/config.ts";
import { ensureDaemon } from "../daemon/start.ts";
import { launchSession, prepareLaunch, type NewSessionRequest, type Prepared } from "../session/launch.ts";
import type { NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError, isAgentmuxError } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import { resumability } from "./resumable.ts";

/** `fresh`: the conversation has nothing to resume, so the session starts a new one (why). */
export interface RestartPlan { session: NamedSession; request: NewSessionRequest; prepared: Prepared; fresh?: string | undefined }

/**
 * Pure: the account to restart under. --account wins; a session without an account stays without
 * one; a member of the selected pool is rerouted within that pool; otherwise its own account.
 */
export function restartAccount(sessionAccount: string, explicit: string | undefined, pools: Array<{ name: string; members: string[] }>, selected: string | undefined): string | undefined {
  if (explicit) return explicit;
  if (!sessionAccount) return undefined;
  const pool = pools.find((p) => p.name === selected && p.members.includes(sessionAccount));
  return pool ? pool.name : sessionAccount;
}

/**
 * Pure: the selected account to offer when it differs from the session's (restart asks at a
 * terminal). Nothing when an account was named, the session had none, nothing is selected, or the
 * selection is the session's pool (then restart reroutes without asking).
 */
export function accountToOffer(sessionAccount: string, explicit: string | undefined, pools: Array<{ name: string; members: string[] }>, selected: string | undefined): string | undefined {
  if (explicit || !sessionAccount || !selected || selected === sessionAccount) return undefined;
  if (pools.some((p) => p.name === selected && p.members.includes(sessionAccount))) return undefined;
  return selected;
}

/** The account restart would offer for this session (see accountToOffer). */
export function offeredAccount(session: NamedSession, config: Config, explicit: string | undefined): string | undefined {
  if (!isAccountBackend(session.backend)) return undefined;
  const pools = poolsOf(config, session.backend).map((p) => ({ name: p.name, members: p.members.map((m) => m.name) }));
  return accountToOffer(session.account, explicit, pools, readSelection(places().stateDir).selected[session.backend]);
}

/** Check every precondition of a restart; nothing is touched here. Throws naming the failed one. */
export function planRestart(session: NamedSession, config: Config, options: { account?: string | undefined } = {}): RestartPlan {
  const refuse = (why: string, hint: string) => new AgentmuxError(`cannot restart ${session.name} (${session.pane}): ${why}`, { hint });
  if (!isBackendName(session.backend) || isPlainCommand(session.backend)) {
    throw refuse(`a ${isBackendName(session.backend) ? "plain command" : `"${session.backend}" session`} cannot resume its conversation`, "kill it and start it again with agentmux new");
  }
  const backend = session.backend;
  // Nothing to resume (no message was ever exchanged): started fresh, said so, never lost.
  const resume = resumability(config, session);
  let account = options.account ?? (session.account || undefined);
  if (isAccountBackend(backend)) {
    const pools = poolsOf(config, backend).map((p) => ({ name: p.name, members: p.members.map((m) => m.name) }));
    account = restartAccount(session.account, options.account, pools, readSelection(places().stateDir).selected[backend]);
  }
  const request: NewSessionRequest = {
    backend, dir: session.dir, account, instance: session.instance || undefined, group: session.group || undefined,
    // In its own pane; one whose pane is gone (it exited cleanly) opens a window of its own, as new would.
    submit: true, split: false, ...(resume.kind === "fresh" ? {} : { mode: { kind: "resume" as const, id: session.id } }), respawn: session.window ? session.pane : undefined, launch: session.launch,
  };
  try {
    return { session, request, prepared: prepareLaunch(request, config, session.dir), fresh: resume.kind === "fresh" ? resume.why : undefined };
  } catch (error) {
    if (isAgentmuxError(error)) throw refuse(error.message, error.hint ?? "fix it and try again; the session keeps running");
    throw error;
  }
}

/** Replace the session's process in its own pane with one resuming the same conversation. */
export async function restartSession(tmux: Tmux, plan: RestartPlan): Promise<{ pane: string; id: string; account: string | undefined }> {
  // The daemon must see the new token to track the new process (and drop the old one's last events).
  await ensureDaemon(tmux).catch(() => undefined);
  const launched = await launchSession(tmux, plan.request, plan.prepared);
  return { pane: launched.pane, id: plan.fresh ? "" : plan.session.id, account: plan.prepared.account };
}
