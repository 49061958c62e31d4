import { join } from "node:path";
import type { HookScripts } from "../shared/types.ts";
import { installDir } from "../../util/install-dir.ts";
import { shQuote } from "../../util/sh.ts";

/** `init --agents`: opencode's plugin, which forwards its session events. */
export function opencodeOutsideConfig({ hook }: HookScripts): string[] {
  const plugin = join(installDir(), "etc", "opencode", "agentmux.js");
  return [
    "## opencode: install the plugin that forwards its session events",
    `mkdir -p ~/.config/opencode/plugin && cp ${shQuote(plugin)} ~/.config/opencode/plugin/agentmux.js`,
    `## ... with AGENTMUX_HOOK=${shQuote(hook)} in opencode's environment (or agentmux-hook on PATH)`,
    "",
  ];
}
