import { join } from "node:path";
import type { HookScripts } from "../shared/types.ts";
import { sessionHookFiles } from "./hooks-dir.ts";

/** `init --agents`: Cline's hook files, one per event, for the user's ~/.cline/hooks. */
export function clineOutsideConfig({ hook }: HookScripts): string[] {
  // --global: these stand aside in sessions agentmux started, which run the same events of their own.
  const files = sessionHookFiles("", {}, hook, ["--global", "--agent", "cline"]);
  const lines = ["## Cline: one file per event in ~/.cline/hooks (Cline runs it with sh, by its #! line)"];
  for (const [name, text] of Object.entries(files)) lines.push(`# ${join("~/.cline/hooks", name)}`, ...text.trimEnd().split("\n"));
  return [...lines, ""];
}
