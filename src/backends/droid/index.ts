import { AgentmuxError } from "../../util/errors.ts";
import { positionalPrompt } from "../shared/prompt-arg.ts";
import type { Backend, LaunchRequest, LaunchSpec } from "../shared/types.ts";
import { DROID_HOOKS } from "./hook-events.ts";
import { droidOutsideConfig } from "./outside-config.ts";
import { droidRunner } from "./runner.ts";
import { droidSettingsDir, prepareDroidLaunchArgs, pruneDroidSettings } from "./settings.ts";

/**
 * The input box's line "│ > …" (its placeholder, "Enter to steer" while a turn runs, or what is
 * typed), inside the box under the "Auto (…)" line.
 */
const INPUT_LINE = /^│ > /;

/** Factory's droid: `droid [prompt]`, `--resume ID`, `--fork ID` (its hooks, files and screens: docs/backends/droid.md). */
export const droid: Backend = {
  name: "droid",
  label: "droid",
  icon: "⛬",
  defaultProgram: "droid",
  installHint: "install Factory's droid: npm install -g @factory/cli",
  takesPrompt: true,
  skillPrefix: "/",
  readyPattern: new RegExp(INPUT_LINE.source, "m"),
  inputLine: INPUT_LINE,
  // What it prints on exit: "To resume this session, run: droid --resume <id>".
  resumeLine: /\bdroid\s+(?:\S+\s+){0,8}?(?:--resume|-r)[\s=]+['"]?([0-9a-f][0-9a-f-]{7,})/,
  hooks: DROID_HOOKS,
  outsideConfig: droidOutsideConfig,
  runner: droidRunner,
  launch(request: LaunchRequest): LaunchSpec {
    const argv = [request.program, ...request.args];
    if (request.mode.kind !== "new" && request.prompt) {
      // droid ignores a prompt argument when it resumes or forks.
      throw new AgentmuxError(`droid takes no prompt when it ${request.mode.kind === "resume" ? "resumes" : "forks"} a session`, { hint: "start it without the prompt and send the prompt once droid is up (agentmux send)" });
    }
    if (request.mode.kind === "resume") argv.push("--resume", request.mode.id);
    if (request.mode.kind === "fork") argv.push("--fork", request.mode.id);
    argv.push(...positionalPrompt(request.prompt));
    return { argv, env: {} };
  },
  // droid merges a --settings file over its own settings for one process: agentmux's hooks go there.
  prepare: (argv, context) => prepareDroidLaunchArgs({ argv, stateDir: context.stateDir, cwd: context.cwd }).argv,
  // Each launch writes a --settings file; those unused for a week go.
  housekeeping: (stateDir, now) => {
    const pruned = pruneDroidSettings(droidSettingsDir(stateDir), now);
    return pruned.length > 0 ? `deleted ${pruned.length} droid settings file(s) unused for a week` : null;
  },
};
