import { tellTyped } from "../daemon/typed-client.ts";
import type { ControlDeps } from "./deps.ts";
import { requireControl } from "./gate.ts";
import { liveSession } from "./live.ts";

/** `keys TARGET KEY...`: tmux key names into a session (the control gate first); the daemon is told what was typed. */
export async function sendKeysTo(deps: ControlDeps, target: string, keys: readonly string[], exceptPane?: string | null): Promise<{ pane: string; name: string; keys: string[] }> {
  await requireControl(deps, "keys");
  const session = await liveSession(deps, target, exceptPane);
  await deps.tmux.sendKeys(session.pane, [...keys]);
  await tellTyped(deps.tmux, session.pane, keys.includes("Escape") ? "escape" : "keys");
  return { pane: session.pane, name: session.name, keys: [...keys] };
}
