import { AgentmuxError } from "../../util/errors.ts";
import type { Backend, LaunchRequest, LaunchSpec } from "../shared/types.ts";
import { prepareClineHome } from "./home.ts";
import { CLINE_HOOKS } from "./hook-events.ts";
import { clineOutsideConfig } from "./outside-config.ts";
import { clineRunner } from "./runner.ts";

/** Cline CLI: `--id ID` resumes, `-i PROMPT` opens the TUI on an initial prompt (a bare prompt runs headless); it has no fork. */
export const cline: Backend = {
  name: "cline",
  label: "Cline",
  icon: "⬡",
  defaultProgram: "cline",
  installHint: "install Cline CLI: npm install -g cline",
  takesPrompt: true,
  // Its input line: "❯ Ask anything..." at column 0, "❯ What can I do for you?" centred on the first
  // screen; prompts already sent show one column in (" ❯ say hello").
  readyPattern: /^(?: {2,})?❯ /m,
  inputLine: /^(?: {2,})?❯ /,
  // The summary it prints on quitting: "Continue  cline --id 1796178924040_m132v".
  resumeLine: /\bcline --id ([\w-]+)/,
  hooks: CLINE_HOOKS,
  outsideConfig: clineOutsideConfig,
  runner: clineRunner,
  launch(request: LaunchRequest): LaunchSpec {
    const argv = [request.program, ...request.args];
    if (request.mode.kind === "fork") {
      throw new AgentmuxError("Cline cannot fork a conversation", { hint: "resume it instead, or fork a claude, codex or opencode session" });
    }
    if (request.mode.kind === "resume") argv.push("--id", request.mode.id);
    if (request.prompt) argv.push("-i", "--", request.prompt);
    return { argv, env: {} };
  },
  // Cline reads hooks only from its directory (and the user's and project's own): its sessions get one whose hooks/ adds agentmux's.
  prepareEnv: (context) => prepareClineHome({ stateDir: context.stateDir, env: context.env }),
};
