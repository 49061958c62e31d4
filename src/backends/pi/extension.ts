import { join } from "node:path";
import { installDir, shellScript } from "../../util/install-dir.ts";

/** The variables that tell agentmux's extension it is a session's own copy, and where the forwarder is. */
export const EXTENSION_VARIABLE = "AGENTMUX_PI_EXTENSION";
export const HOOK_VARIABLE = "AGENTMUX_PI_HOOK";

/** The extension shipped with agentmux: plain JavaScript, no dependencies (Pi loads it through jiti). */
export function piExtensionPath(): string {
  return join(installDir(), "etc", "pi", "agentmux.js");
}

/**
 * Pure: the argv that loads agentmux's extension into one Pi session: `-e <extension>` right after
 * the program, so it loads before every other extension (its tool_call handler runs first, and a
 * permission gate's dialog can then name the tool). Pi also loads the user's own extensions
 * (~/.pi/agent/extensions, .pi/extensions, settings.json) as ever: nothing of theirs is edited.
 */
export function piSessionArgv(argv: readonly string[], extensionPath = piExtensionPath()): string[] {
  const [program, ...rest] = argv;
  if (program === undefined) return [];
  return [program, "-e", extensionPath, ...rest];
}

/** The environment that makes the loaded copy forward to agentmux's hook forwarder. */
export function piSessionEnv(extensionPath = piExtensionPath(), hookPath = shellScript("agentmux-hook")): Record<string, string> {
  return { [EXTENSION_VARIABLE]: extensionPath, [HOOK_VARIABLE]: hookPath };
}
