import type { Backend, LaunchRequest, LaunchSpec } from "../shared/types.ts";
import { prepareKiloEnv } from "./config.ts";
import { KILO_HOOKS } from "./hook-events.ts";
import { kiloOutsideConfig } from "./outside-config.ts";
import { kiloRunner } from "./runner.ts";

/** Kilo CLI (an opencode fork): `-s ID`, `-s ID --fork`, `--prompt TEXT`; `kilo run` for batch runs. */
export const kilo: Backend = {
  name: "kilo",
  label: "Kilo CLI",
  icon: "▣",
  defaultProgram: "kilo",
  installHint: "install Kilo CLI: npm install -g @kilocode/cli",
  takesPrompt: true,
  skillPrefix: "/",
  readyPattern: /ctrl\+p commands|tab agents|Ask anything/m,
  hooks: KILO_HOOKS,
  outsideConfig: kiloOutsideConfig,
  runner: kiloRunner,
  launch(request: LaunchRequest): LaunchSpec {
    const argv = [request.program, ...request.args];
    if (request.mode.kind === "resume") argv.push("-s", request.mode.id);
    if (request.mode.kind === "fork") argv.push("-s", request.mode.id, "--fork");
    if (request.prompt) argv.push("--prompt", request.prompt);
    return { argv, env: {} };
  },
  // Kilo has no shell hooks: its bus events reach agentmux through the plugin, loaded per session.
  prepareEnv: (context) => prepareKiloEnv({ env: context.env }),
};
