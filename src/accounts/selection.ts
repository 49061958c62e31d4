import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AccountBackend } from "../backends/account-homes.ts";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { isJsonObject } from "../util/json.ts";

/** What survives restarts: the selected account or pool per backend, and the member each pool last went to. */
export interface SelectionState {
  selected: Partial<Record<AccountBackend, string>>;
  routed: Partial<Record<AccountBackend, Record<string, string>>>;
}

export function selectionFile(stateDir: string): string {
  return join(stateDir, "accounts", "selection.json");
}

/** The persisted selection; a missing or unreadable file is an empty one (it is agentmux's own state). */
export function readSelection(stateDir: string): SelectionState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(selectionFile(stateDir), "utf8"));
  } catch {
    return { selected: {}, routed: {} };
  }
  const strings = (value: unknown): Record<string, string> =>
    isJsonObject(value) ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string")) : {};
  if (!isJsonObject(parsed)) return { selected: {}, routed: {} };
  const routed: SelectionState["routed"] = {};
  if (isJsonObject(parsed["routed"])) {
    for (const [backend, pools] of Object.entries(parsed["routed"])) routed[backend as AccountBackend] = strings(pools);
  }
  return { selected: strings(parsed["selected"]), routed };
}

function update(stateDir: string, change: (state: SelectionState) => void): void {
  const state = readSelection(stateDir);
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
