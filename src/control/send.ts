import { promptLineOf } from "../backends/index.ts";
import { tellTyped } from "../daemon/typed-client.ts";
import { sendText } from "../session/send.ts";
import type { ControlDeps } from "./deps.ts";
import { requireControl } from "./gate.ts";
import { liveSession } from "./live.ts";

export interface TypedResult { pane: string; name: string; submitted: boolean; enters: number }

/** `send TARGET TEXT`: type text into a session as if typed (the control gate first), submitted with send's guarded Enter. */
export async function typeInto(deps: ControlDeps, target: string, text: string, options: { enter: boolean; exceptPane?: string | null }): Promise<TypedResult> {
  await requireControl(deps, "send");
  const session = await liveSession(deps, target, options.exceptPane);
  const typing = Date.now();
  const result = await sendText(deps.tmux, session.pane, text, { enter: options.enter, promptLine: promptLineOf(session.backend), label: `${session.name} (${session.pane})` });
  if (options.enter) await tellTyped(deps.tmux, session.pane, "submit", typing);
  return { pane: session.pane, name: session.name, submitted: options.enter, enters: result.enters };
}
