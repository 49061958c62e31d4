import { homeEnv } from "../accounts/home-env.ts";
import { BACKENDS, isBackendName } from "../backends/index.ts";
import type { ConversationTurn } from "../backends/shared/types.ts";
import type { Config } from "../config/config.ts";
import type { Tracked } from "./tracked.ts";

/**
 * I/O: the last assistant turn of a session's transcript, read by its backend's history reader in
 * its account's home; null when the backend keeps none or the session's id is not known yet.
 * Only for a waiting session whose hooks told no answer (after a daemon restart): once per episode.
 */
export function lastAnswer(t: Tracked, config: Config, env: Record<string, string | undefined> = process.env): string | null {
  return [...(transcriptTurns(t, config, env) ?? [])].reverse().find((turn) => turn.role === "assistant")?.text ?? null;
}

/** I/O: a session's transcript turns, read by its backend's history reader in its account's home; null when it keeps none or the id is not known yet. */
export function transcriptTurns(t: Tracked, config: Config, env: Record<string, string | undefined> = process.env): ConversationTurn[] | null {
  const history = isBackendName(t.backend) ? BACKENDS[t.backend].history : undefined;
  if (!history?.turns || !t.id) return null;
  return history.turns(t.id, { dir: t.dir || null, since: null, env: homeEnv(config, t.backend, t.record.account, env) });
}
