import { getBackend, isBackendName } from "../backends/index.ts";
import type { Config } from "../config/config.ts";
import { historyPlace } from "../branch/side-plan.ts";

type Env = Record<string, string | undefined>;

/**
 * Whether a session's conversation can be resumed, asked before any verb replaces its process
 * (restart, restore, failover, an account change from the page): a CLI asked to resume a
 * conversation it never recorded ends at once ("No conversation found with session ID"), and the
 * session with it. `fresh`: there is nothing to resume (why); `unknown`: the backend keeps no store
 * agentmux reads, so its own resume decides.
 */
export type Resumability = { kind: "resume" } | { kind: "fresh"; why: string } | { kind: "unknown" };

export function resumability(config: Config, session: { backend: string; id: string; dir: string; account: string }, env: Env = process.env): Resumability {
  if (!session.id) return { kind: "fresh", why: "its conversation was never recorded (no native session id yet)" };
  const history = isBackendName(session.backend) ? getBackend(session.backend).history : undefined;
  if (!history) return { kind: "unknown" };
  try {
    if (history.find(session.id, historyPlace(config, session, null, env)) !== null) return { kind: "resume" };
  } catch {
    return { kind: "unknown" };
  }
  return { kind: "fresh", why: `its conversation ${session.id} was never recorded (no message was exchanged)` };
}
