import { BACKENDS, BACKEND_NAMES } from "./index.ts";
import { shellScript } from "../util/install-dir.ts";

/** The configuration to paste into each agent CLI, for sessions started outside agentmux (each backend's outsideConfig). */
export function agentsConfig(hook = shellScript("agentmux-hook"), statusLine = shellScript("agentmux-statusline")): string {
  return [
    "# agentmux: hooks for agent sessions started outside agentmux (inside tmux).",
    "# Sessions started with `agentmux new` get all of this by themselves.",
    "",
    ...BACKEND_NAMES.flatMap((name) => BACKENDS[name].outsideConfig?.({ hook, statusLine }) ?? []),
  ].join("\n");
}
