import { isAccountBackend } from "../backends/account-homes.ts";
import { readSelection } from "../accounts/selection.ts";

/**
 * The account name projects.sources is matched against: the one given, else the account (or pool)
 * selected for the backend (`agentmux account select`); null when neither names one.
 */
export function projectAccount(backend: string, explicit: string | undefined, stateDir: string): string | null {
  if (explicit !== undefined && explicit !== "") return explicit;
  if (!isAccountBackend(backend)) return null;
  return readSelection(stateDir).selected[backend] ?? null;
}
