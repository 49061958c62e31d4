import type { HookScripts } from "../shared/types.ts";
import { shQuote } from "../../util/sh.ts";
import { piExtensionPath } from "./extension.ts";

/**
 * `init --agents`: Pi's extension, named in its settings (the same file agentmux loads with -e, so
 * Pi loads it once in agentmux's sessions). Outside them it runs the forwarder with --global.
 */
export function piOutsideConfig({ hook }: HookScripts): string[] {
  return [
    "## Pi: add agentmux's extension to the \"extensions\" list of ~/.pi/agent/settings.json",
    JSON.stringify({ extensions: [piExtensionPath()] }, null, 2),
    `## ... with AGENTMUX_HOOK=${shQuote(hook)} in Pi's environment (or agentmux-hook on PATH)`,
    "",
  ];
}
