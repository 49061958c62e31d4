import { AgentmuxError } from "../../util/errors.ts";
import type { Backend, LaunchRequest, LaunchSpec } from "../shared/types.ts";
import { geminiThemeSync, prepareGeminiHome } from "./home.ts";
import { GEMINI_HOOKS } from "./hook-events.ts";
import { geminiOutsideConfig } from "./outside-config.ts";

/** Gemini CLI: `--resume ID`, `-i PROMPT` (interactive with an initial prompt); it has no fork. */
export const gemini: Backend = {
  name: "gemini",
  label: "Gemini CLI",
  icon: "✦",
  defaultProgram: "gemini",
  installHint: "install Gemini CLI: npm install -g @google/gemini-cli",
  takesPrompt: true,
  skillPrefix: "/",
  readyPattern: /Type your message/m,
  hooks: GEMINI_HOOKS,
  outsideConfig: geminiOutsideConfig,
  launch(request: LaunchRequest): LaunchSpec {
    const argv = [request.program, ...request.args];
    if (request.mode.kind === "fork") {
      throw new AgentmuxError("Gemini CLI cannot fork a conversation", { hint: "resume it instead, or fork a claude, codex or opencode session" });
    }
    if (request.mode.kind === "resume") argv.push("--resume", request.mode.id);
    if (request.prompt) argv.push("-i", request.prompt);
    return { argv, env: {} };
  },
  // Gemini reads hooks only from its settings: its sessions get a home whose settings add agentmux's.
  syncTheme: geminiThemeSync,
  prepareEnv: (context) => prepareGeminiHome({ stateDir: context.stateDir, env: context.env }),
};
