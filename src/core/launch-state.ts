import { isJsonObject } from "../util/json.ts";

/**
 * What a backend needs to start a resumed session the way the last one ran: the model it was
 * switched to and its permission mode. Learned from hook payloads and Claude's status line, kept in
 * the pane option @agentmux-launch and the restore registry, handed back by restart and restore.
 */
export interface LaunchState {
  model?: string | undefined;
  permissionMode?: string | undefined;
}

const KEYS = ["model", "permissionMode"] as const;

/** The @agentmux-launch option's text; anything unreadable is no state. */
export function parseLaunchState(text: string | undefined): LaunchState {
  if (!text) return {};
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch { return {}; }
  if (!isJsonObject(parsed)) return {};
  const state: LaunchState = {};
  for (const key of KEYS) {
    const value = parsed[key];
    if (typeof value === "string" && value !== "") state[key] = value;
  }
  return state;
}

export function formatLaunchState(state: LaunchState): string {
  const present = KEYS.filter((k) => state[k]);
  return present.length === 0 ? "" : JSON.stringify(Object.fromEntries(present.map((k) => [k, state[k]])));
}

/** Pure: the state with what a payload reported; the same object when nothing changed. */
export function updateLaunchState(state: LaunchState, update: LaunchState): LaunchState {
  const changed = KEYS.filter((k) => update[k] && update[k] !== state[k]);
  if (changed.length === 0) return state;
  return { ...state, ...Object.fromEntries(changed.map((k) => [k, update[k]])) };
}

/** What a hook payload says of the launch state: `model` (a string) and `permission_mode`. */
export function launchStateFromPayload(payload: Record<string, unknown>): LaunchState {
  const model = payload["model"];
  const mode = payload["permission_mode"];
  return {
    model: typeof model === "string" && model !== "" ? model : undefined,
    permissionMode: typeof mode === "string" && mode !== "" ? mode : undefined,
  };
}
