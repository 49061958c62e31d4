import { BACKENDS, isBackendName } from "../backends/index.ts";
import type { Response } from "./protocol.ts";
import type { SessionTable } from "./session-table.ts";
import type { Tracked } from "./tracked.ts";

/** agentmux explain: the session's state, how it came to be, every channel's latest word, and the decision now. */
export function explainSession(table: SessionTable, t: Tracked, now = Date.now()): Response {
  const d = table.verdict(t, now);
  return {
    ok: true, pane: t.pane, now, state: t.machine.state, background: t.machine.background, since: t.machine.since, raisedBy: t.raisedBy,
    decided: t.decided, channels: t.channels, hooks: t.machine.hooked === true, hookable: isBackendName(t.backend) && BACKENDS[t.backend].hooks !== undefined, verdict: { rule: d.rule, why: d.why, event: d.event?.kind ?? null },
  };
}
