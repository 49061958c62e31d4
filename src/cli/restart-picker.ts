import { accountsOf, poolsOf } from "../accounts/accounts.ts";
import { readSelection } from "../accounts/selection.ts";
import { isAccountBackend } from "../backends/account-homes.ts";
import type { Config } from "../config/config.ts";
import { restartAccount } from "../lifecycle/restart.ts";
import type { NamedSession } from "../session/store.ts";
import { choose, type ChoiceLine } from "../switcher/choose.ts";
import { NONE, pickerLines } from "./account-select.ts";

/** What the restart picker answered: as the session runs now, another account or pool (made the selection too), or nothing. */
export type RestartPick = { kind: "keep" } | { kind: "account"; name: string } | { kind: "cancel" };

/** The session's backend declares accounts: a restart at a terminal without --account asks which. */
export function offersPicker(session: NamedSession, config: Config): boolean {
  return isAccountBackend(session.backend) && accountsOf(config, session.backend).length > 0;
}

/**
 * Pure: the picker's answers and what each means. The highlight (●) starts on what restart would
 * use unasked (its own account, or the selected pool it is a member of); logged-out accounts and
 * pools with no member logged in are dim and cannot be chosen (restart would refuse them).
 */
export function restartChoices(session: NamedSession, config: Config, stateDir: string): { lines: ChoiceLine[]; keep: string } {
  if (!isAccountBackend(session.backend)) return { lines: [], keep: NONE };
  const backend = session.backend;
  const pools = poolsOf(config, backend).map((p) => ({ name: p.name, members: p.members.map((m) => m.name) }));
  const keep = restartAccount(session.account, undefined, pools, readSelection(stateDir).selected[backend]) ?? NONE;
  // A session on the CLI's own home can stay there; one under an account can only move to another.
  const lines = pickerLines(config, backend, stateDir, { selected: keep === NONE ? undefined : keep, refuseLoggedOut: true, none: keep === NONE ? "the CLI's own home (as it runs now)" : false });
  return { lines, keep };
}

/** Ask at the terminal which account or pool to restart the session under (cached readings; nothing fetched). */
export async function pickRestartAccount(session: NamedSession, config: Config, stateDir: string): Promise<RestartPick> {
  const { lines, keep } = restartChoices(session, config, stateDir);
  const question = `Restart ${session.name} under which ${session.backend} account or pool? (● as it runs now; another becomes the selection for new sessions)`;
  const picked = await choose(question, lines);
  if (picked === null) return { kind: "cancel" };
  return picked === keep ? { kind: "keep" } : { kind: "account", name: picked };
}
