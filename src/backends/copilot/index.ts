import { AgentmuxError } from "../../util/errors.ts";
import type { Backend, LaunchRequest, LaunchSpec } from "../shared/types.ts";
import { COPILOT_HOOKS } from "./hook-events.ts";
import { copilotOutsideConfig } from "./outside-config.ts";
import { prepareCopilotArgs } from "./plugin.ts";
import { copilotRunner } from "./runner.ts";

/** GitHub Copilot CLI: `--resume=ID`, `-i PROMPT` (interactive with an initial prompt); it has no fork. */
export const copilot: Backend = {
  name: "copilot",
  label: "GitHub Copilot CLI",
  icon: "⊚",
  defaultProgram: "copilot",
  installHint: "install GitHub Copilot CLI: npm install -g @github/copilot",
  takesPrompt: true,
  skillPrefix: "/",
  // The input line "❯ " between two rules, over the footer "… · / commands · ? help".
  readyPattern: /\/ commands · \? help/m,
  resumeLine: /copilot --resume=([0-9a-f][0-9a-f-]{6,})/,
  hooks: COPILOT_HOOKS,
  outsideConfig: copilotOutsideConfig,
  runner: copilotRunner,
  launch(request: LaunchRequest): LaunchSpec {
    const argv = [request.program, ...request.args];
    if (request.mode.kind === "fork") {
      throw new AgentmuxError("GitHub Copilot CLI cannot fork a conversation", { hint: "resume it instead, or fork a claude, codex or opencode session" });
    }
    if (request.mode.kind === "resume") argv.push(`--resume=${request.mode.id}`);
    if (request.prompt) argv.push("-i", request.prompt);
    return { argv, env: {} };
  },
  // Copilot loads a plugin's hooks from --plugin-dir: its sessions get agentmux's plugin, and the user's ~/.copilot is left alone.
  prepare: (argv, context) => prepareCopilotArgs(argv, context.stateDir),
};
