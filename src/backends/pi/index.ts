import type { Backend, LaunchRequest, LaunchSpec } from "../shared/types.ts";
import { piSessionArgv, piSessionEnv } from "./extension.ts";
import { PI_HOOKS } from "./hook-events.ts";
import { piOutsideConfig } from "./outside-config.ts";
import { piRunner } from "./runner.ts";

/**
 * Pi takes its initial prompt as a positional message, but has no "--": a word that starts with
 * "-" is read as a flag and one that starts with "@" as a file to attach. A leading space makes
 * such a prompt a message (the model sees the space).
 */
export function piPromptArg(prompt: string | undefined): string[] {
  if (prompt === undefined || prompt === "") return [];
  return /^[-@]/.test(prompt) ? [` ${prompt}`] : [prompt];
}

/** Pi (@mariozechner/pi-coding-agent): `--session ID`, `--fork ID`, a positional initial prompt. */
export const pi: Backend = {
  name: "pi",
  label: "Pi",
  icon: "π",
  defaultProgram: "pi",
  installHint: "install Pi: npm install -g @mariozechner/pi-coding-agent",
  takesPrompt: true,
  // The editor: one line between two full-width rules.
  readyPattern: /^─{20,}\n[^\n]*\n─{20,}$/m,
  hooks: PI_HOOKS,
  outsideConfig: piOutsideConfig,
  runner: piRunner,
  launch(request: LaunchRequest): LaunchSpec {
    const argv = [request.program, ...request.args];
    if (request.mode.kind === "resume") argv.push("--session", request.mode.id);
    if (request.mode.kind === "fork") argv.push("--fork", request.mode.id);
    argv.push(...piPromptArg(request.prompt));
    return { argv, env: {} };
  },
  // Pi has no shell hooks: its events reach agentmux through an extension loaded per session.
  prepare: (argv) => piSessionArgv(argv),
  prepareEnv: () => piSessionEnv(),
};
