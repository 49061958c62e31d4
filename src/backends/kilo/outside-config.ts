import type { HookScripts } from "../shared/types.ts";
import { shQuote } from "../../util/sh.ts";
import { kiloPluginPath } from "./config.ts";

/** `init --agents`: Kilo's plugin, which forwards its session events (Kilo loads every file in ~/.config/kilo/plugin/). */
export function kiloOutsideConfig({ hook }: HookScripts): string[] {
  return [
    "## Kilo: install the plugin that forwards its session events",
    `mkdir -p ~/.config/kilo/plugin && cp ${shQuote(kiloPluginPath())} ~/.config/kilo/plugin/agentmux.js`,
    `## ... with AGENTMUX_HOOK=${shQuote(hook)} in Kilo's environment (or agentmux-hook on PATH)`,
    "",
  ];
}
