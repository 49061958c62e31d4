import { join } from "node:path";
import type { AccountBackend } from "../backends/account-homes.ts";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { AgentmuxError } from "../util/errors.ts";
import { isJsonObject } from "../util/json.ts";
import { describeCorrupt, readStateFile, warnCorrupt } from "../util/state-file.ts";

/** What survives restarts: the selected account or pool per backend, and the member each pool last went to. */
export interface SelectionState {
  selected: Partial<Record<AccountBackend, string>>;
  routed: Partial<Record<AccountBackend, Record<string, string>>>;
}

export function selectionFile(stateDir: string): string {
  return join(stateDir, "accounts", "selection.json");
}

/**
 * The persisted selection; a missing file is an empty one. A corrupt one would silently start
 * sessions under another account: it is kept aside and this throws, naming both files (in the
 * daemon, which leaves it for the command that decides with it, it is logged and read as empty).
 */
export function readSelection(stateDir: string): SelectionState {
  return selectionFrom(stateDir, false);
}

function selectionFrom(stateDir: string, replacing: boolean): SelectionState {
  const read = readStateFile(selectionFile(stateDir), { valid: isJsonObject, silent: !replacing, ...(replacing ? { keepAside: true } : {}) });
  if (read.kind === "corrupt" && read.keptAt !== null && !replacing) {
    throw new AgentmuxError(`the account selection ${describeCorrupt(read)}`, {
      hint: "the next command starts with no account selected: choose again with agentmux account select BACKEND NAME, or run the command again to go on without",
    });
  }
  if (read.kind === "corrupt" && !replacing) warnCorrupt(read);
  if (read.kind !== "ok" || !isJsonObject(read.value)) return { selected: {}, routed: {} };
  const parsed = read.value;
  const strings = (value: unknown): Record<string, string> =>
    isJsonObject(value) ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string")) : {};
  const routed: SelectionState["routed"] = {};
  if (isJsonObject(parsed["routed"])) {
    for (const [backend, pools] of Object.entries(parsed["routed"])) routed[backend as AccountBackend] = strings(pools);
  }
  return { selected: strings(parsed["selected"]), routed };
}

/** A writer replaces a corrupt file: it is kept aside and warned about first. */
function update(stateDir: string, change: (state: SelectionState) => void): void {
  const state = selectionFrom(stateDir, true);
  change(state);
  writeFileAtomic(selectionFile(stateDir), `${JSON.stringify(state, null, 2)}\n`, 0o600);
}

/** Persist the account or pool chosen for a backend (undefined: back to the CLI's own home). */
export function saveSelection(stateDir: string, backend: AccountBackend, name: string | undefined): void {
  update(stateDir, (state) => {
    if (name === undefined) delete state.selected[backend];
    else state.selected[backend] = name;
  });
}

/** Remember the member a pool was routed to, for the next decision's hysteresis. */
export function saveRouted(stateDir: string, backend: AccountBackend, pool: string, member: string): void {
  if (readSelection(stateDir).routed[backend]?.[pool] === member) return;
  update(stateDir, (state) => {
    state.routed[backend] = { ...(state.routed[backend] ?? {}), [pool]: member };
  });
}
