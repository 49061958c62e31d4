import { AgentmuxError } from "../../util/errors.ts";
import type { Backend, LaunchRequest, LaunchSpec } from "../shared/types.ts";
import { qwenThemeSync, prepareQwenHome } from "./home.ts";
import { QWEN_HOOKS } from "./hook-events.ts";
import { qwenOutsideConfig } from "./outside-config.ts";
import { qwenRunner } from "./runner.ts";

/**
 * Qwen Code: `--resume ID`, `-i PROMPT` (interactive with an initial prompt: a positional prompt
 * would make it run headless and exit); it has no fork.
 */
export const qwen: Backend = {
  name: "qwen",
  label: "Qwen Code",
  icon: "◈",
  defaultProgram: "qwen",
  installHint: "install Qwen Code: npm install -g @qwen-code/qwen-code",
  takesPrompt: true,
  readyPattern: /Type your message/m,
  // "To continue this session, run qwen --resume <uuid>", on exit.
  resumeLine: /\bqwen\s+(?:\S+\s+){0,8}?(?:--resume|-r)[\s=]+['"]?([A-Za-z0-9][\w-]{7,})/,
  hooks: QWEN_HOOKS,
  outsideConfig: qwenOutsideConfig,
  runner: qwenRunner,
  launch(request: LaunchRequest): LaunchSpec {
    const argv = [request.program, ...request.args];
    if (request.mode.kind === "fork") {
      throw new AgentmuxError("Qwen Code cannot fork a conversation", { hint: "resume it instead, or fork a claude, codex or opencode session" });
    }
    if (request.mode.kind === "resume") argv.push("--resume", request.mode.id);
    if (request.prompt) argv.push("-i", request.prompt);
    return { argv, env: {} };
  },
  // Qwen reads hooks only from its settings: its sessions get a QWEN_HOME whose settings add agentmux's.
  syncTheme: qwenThemeSync,
  prepareEnv: (context) => prepareQwenHome({ stateDir: context.stateDir, env: context.env }),
};
