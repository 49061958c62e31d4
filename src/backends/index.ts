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
import { BACKEND_NAMES, isBackendName, type BackendName } from "./names.ts";
import type { Backend } from "./shared/types.ts";

export { BACKEND_NAMES, COMMAND_BACKEND, DEFAULT_BACKEND, isBackendName, type BackendName } from "./names.ts";

/**
 * The registry: every agent CLI agentmux knows, one line each (README "Adding an agent"), under
 * the names of names.ts (its type holds them equal), whose order is the order of listings.
 */
const REGISTRY: { readonly [K in BackendName]: Backend } = {
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

/** A registered backend: its name is its registry key (test/unit/backends/index.test.ts holds them equal). */
export type RegisteredBackend = Backend & { readonly name: BackendName };

export const BACKENDS = REGISTRY as Readonly<Record<BackendName, RegisteredBackend>>;

export function getBackend(name: string): RegisteredBackend {
  if (!isBackendName(name)) {
    throw new AgentmuxError(`unknown backend "${name}"`, { hint: `use one of: ${BACKEND_NAMES.join(", ")}` });
  }
  return BACKENDS[name];
}

/** Whether a session's backend is a plain command (or unknown): not an agent with a conversation. */
export function isPlainCommand(backend: string): boolean {
  return !isBackendName(backend) || BACKENDS[backend].plainCommand === true;
}

/** The line an agent CLI holds typed input in, where it has one (Claude, Codex). */
export function promptLineOf(backend: string): RegExp | undefined {
  return isBackendName(backend) ? BACKENDS[backend].inputLine : undefined;
}
