import { AgentmuxError, isAgentmuxError } from "../util/errors.ts";
import { BACKEND_NAMES, BACKENDS, type BackendName } from "./index.ts";
import type { Backend } from "./shared/types.ts";

/**
 * Why a backend's CLI cannot fork a conversation, or null when it can: a plain command has none,
 * and a CLI without fork refuses the launch (its own words, e.g. Gemini's). Nothing is run.
 */
export function forkRefusal(backend: Backend, program = backend.defaultProgram): AgentmuxError | null {
  if (backend.plainCommand) return new AgentmuxError("a plain command has no conversation to fork");
  try {
    backend.launch({ mode: { kind: "fork", id: "probe" }, program, args: [] });
    return null;
  } catch (error) {
    if (isAgentmuxError(error)) return error;
    throw error;
  }
}

/** Names as help text words them: "claude, codex or opencode". */
export function orWords(names: readonly string[]): string {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1) ?? ""}`;
}

/** The backends whose CLI can fork a conversation (branch). */
export const FORKING: readonly BackendName[] = BACKEND_NAMES.filter((n) => forkRefusal(BACKENDS[n]) === null);

/** The backends whose conversations agentmux can read (branches, resume, side conversations). */
export const WITH_HISTORY: readonly BackendName[] = BACKEND_NAMES.filter((n) => BACKENDS[n].history !== undefined);

/** The backends whose CLI has a non-interactive mode (batch, audit, ranking, `skill run --exec`). */
export const WITH_RUNNER: readonly BackendName[] = BACKEND_NAMES.filter((n) => BACKENDS[n].runner !== undefined);

/** "--backend claude or --backend codex": the flag for each backend in names. */
export function backendFlags(names: readonly string[]): string {
  return orWords(names.map((n) => `--backend ${n}`));
}

/**
 * The backends that can be the chief of staff (src/chief/) in a mode: a session takes the standing
 * instruction as a system prompt and keeps a transcript agentmux reads; stateless ticks need a
 * non-interactive mode.
 */
export function chiefCapable(mode: "session" | "stateless"): readonly BackendName[] {
  return BACKEND_NAMES.filter((n) => (mode === "stateless" ? BACKENDS[n].runner !== undefined : BACKENDS[n].systemPromptArgs !== undefined && BACKENDS[n].history?.turns !== undefined));
}
