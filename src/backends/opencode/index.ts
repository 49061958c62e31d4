import type { Backend, LaunchRequest, LaunchSpec } from "../shared/types.ts";
import { prepareOpencodeEnv } from "./config.ts";
import { OPENCODE_HOOKS } from "./hook-events.ts";
import { opencodeOutsideConfig } from "./outside-config.ts";

/** opencode: `--session ID`, `--session ID --fork`, `--prompt TEXT`. */
export const opencode: Backend = {
  name: "opencode",
  label: "opencode",
  icon: "◇",
  defaultProgram: "opencode",
  installHint: "install opencode: npm install -g opencode-ai",
  takesPrompt: true,
  skillPrefix: "/",
  readyPattern: /ctrl\+p commands|tab agents|Ask anything/m,
  hooks: OPENCODE_HOOKS,
  outsideConfig: opencodeOutsideConfig,
  launch(request: LaunchRequest): LaunchSpec {
    const argv = [request.program, ...request.args];
    if (request.mode.kind === "resume") argv.push("--session", request.mode.id);
    if (request.mode.kind === "fork") argv.push("--session", request.mode.id, "--fork");
    if (request.prompt) argv.push("--prompt", request.prompt);
    return { argv, env: {} };
  },
  // opencode has no shell hooks: its bus events reach agentmux through the plugin, loaded per session.
  prepareEnv: (context) => prepareOpencodeEnv({ env: context.env }),
};
