/**
 * The names of the agent CLIs agentmux knows, in the order of help texts and listings: what the
 * config's schema and the key-bound verbs need of the registry (src/backends/index.ts), without
 * loading a backend. The registry's type holds the two to the same names: a name here without its
 * line there, or a line there without its name here, does not compile.
 */
export const BACKEND_NAMES = ["claude", "codex", "opencode", "gemini", "pi", "qwen", "cline", "kilo", "copilot", "auggie", "droid", "generic"] as const;

export type BackendName = (typeof BACKEND_NAMES)[number];

/**
 * The backend of `agentmux new` without --backend (config defaultBackend), and the agent of a
 * global hook event that names none (hooks installed before they passed --agent).
 */
export const DEFAULT_BACKEND: BackendName = "claude";

/** The backend that runs a plain command (`agentmux new --command`). */
export const COMMAND_BACKEND: BackendName = "generic";

export function isBackendName(name: string): name is BackendName {
  return (BACKEND_NAMES as readonly string[]).includes(name);
}
