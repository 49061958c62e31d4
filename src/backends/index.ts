import { AgentmuxError } from "../util/errors.ts";
import { claude } from "./claude/index.ts";
import { codex } from "./codex/index.ts";
import { gemini } from "./gemini/index.ts";
import { generic } from "./generic/index.ts";
import { opencode } from "./opencode/index.ts";
import type { Backend, BackendName } from "./shared/types.ts";

export const BACKENDS: Record<BackendName, Backend> = { claude, codex, opencode, gemini, generic };
export const BACKEND_NAMES = Object.keys(BACKENDS) as BackendName[];

export function isBackendName(name: string): name is BackendName {
  return Object.hasOwn(BACKENDS, name);
}

export function getBackend(name: string): Backend {
  if (!isBackendName(name)) {
    throw new AgentmuxError(`unknown backend "${name}"`, { hint: `use one of: ${BACKEND_NAMES.join(", ")}` });
  }
  return BACKENDS[name];
}

/** The line an agent CLI holds typed input in, where it has one (Claude, Codex). */
export function promptLineOf(backend: string): RegExp | undefined {
  return isBackendName(backend) ? BACKENDS[backend].inputLine : undefined;
}
