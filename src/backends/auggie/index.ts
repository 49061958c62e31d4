import { AgentmuxError } from "../../util/errors.ts";
import type { Backend, LaunchRequest, LaunchSpec } from "../shared/types.ts";
import { AUGGIE_HOOKS } from "./hook-events.ts";
import { auggieOutsideConfig } from "./outside-config.ts";
import { prepareAuggiePlugin, withPluginDir } from "./plugin.ts";
import { auggieRunner } from "./runner.ts";

/** Auggie (Augment's CLI): `--resume ID`, a positional initial prompt; it has no fork. */
export const auggie: Backend = {
  name: "auggie",
  label: "Auggie",
  icon: "◊",
  defaultProgram: "auggie",
  installHint: "install Auggie: npm install -g @augmentcode/auggie",
  takesPrompt: true,
  skillPrefix: "/",
  readyPattern: /\? to show shortcuts/m,
  resumeLine: /auggie session resume ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/,
  hooks: AUGGIE_HOOKS,
  runner: auggieRunner,
  outsideConfig: auggieOutsideConfig,
  launch(request: LaunchRequest): LaunchSpec {
    const argv = [request.program, ...request.args];
    if (request.mode.kind === "fork") {
      throw new AgentmuxError("Auggie cannot fork a conversation", { hint: "resume it instead, or fork a claude, codex or opencode session" });
    }
    if (request.mode.kind === "resume") argv.push("--resume", request.mode.id);
    // "--" ends the options: a prompt starting with "-" is not taken for one.
    if (request.prompt) argv.push("--", request.prompt);
    return { argv, env: {} };
  },
  // Auggie reads hooks from its settings files and from plugins: its sessions get agentmux's plugin.
  prepare: (argv, context) => withPluginDir(argv, prepareAuggiePlugin(context.stateDir)),
};
