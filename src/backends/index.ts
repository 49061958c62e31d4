import { AgentmuxError } from "../util/errors.ts";
import { auggie } from "./auggie/index.ts";
import { claude } from "./claude/index.ts";
import { cline } from "./cline/index.ts";
import { codex } from "./codex/index.ts";
import { copilot } from "./copilot/index.ts";
import { droid } from "./droid/index.ts";
import { gemini } from "./gemini/index.ts";
import { generic } from "./generic/index.ts";
import { kilo } from "./kilo/index.ts";
import { opencode } from "./opencode/index.ts";
import { pi } from "./pi/index.ts";
import { qwen } from "./qwen/index.ts";
import type { AccountSupport, Backend } from "./shared/types.ts";

/**
 * The registry: every agent CLI agentmux knows, one line each (README "Adding an agent"). The
 * order is the order of help texts and listings.
 */
const REGISTRY = {
  claude,
  codex,
  opencode,
  gemini,
  pi,
  qwen,
  cline,
  kilo,
  copilot,
  auggie,
  droid,
  generic,
};

export type BackendName = keyof typeof REGISTRY;
/** The backends that run under accounts (those with an accounts capability). */
export type AccountBackend = { [K in BackendName]: (typeof REGISTRY)[K] extends { accounts: AccountSupport } ? K : never }[BackendName];

/** A registered backend: its name is its registry key (test/unit/backends/index.test.ts holds them equal). */
export type RegisteredBackend = Backend & { readonly name: BackendName };

export const BACKENDS = REGISTRY as Readonly<Record<BackendName, RegisteredBackend>>;
export const BACKEND_NAMES = Object.keys(BACKENDS) as BackendName[];

/**
 * The backend of `agentmux new` without --backend (config defaultBackend), and the agent of a
 * global hook event that names none (hooks installed before they passed --agent).
 */
export const DEFAULT_BACKEND: BackendName = "claude";

export function isBackendName(name: string): name is BackendName {
  return Object.hasOwn(BACKENDS, name);
}

export function getBackend(name: string): RegisteredBackend {
  if (!isBackendName(name)) {
    throw new AgentmuxError(`unknown backend "${name}"`, { hint: `use one of: ${BACKEND_NAMES.join(", ")}` });
  }
  return BACKENDS[name];
}

/** The backend that runs a plain command (`agentmux new --command`). */
export const COMMAND_BACKEND: BackendName = "generic";

/** Whether a session's backend is a plain command (or unknown): not an agent with a conversation. */
export function isPlainCommand(backend: string): boolean {
  return !isBackendName(backend) || BACKENDS[backend].plainCommand === true;
}

/** The line an agent CLI holds typed input in, where it has one (Claude, Codex). */
export function promptLineOf(backend: string): RegExp | undefined {
  return isBackendName(backend) ? BACKENDS[backend].inputLine : undefined;
}
