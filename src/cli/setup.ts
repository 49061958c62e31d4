import type { Command } from "commander";
import { BACKEND_NAMES, BACKENDS } from "../backends/index.ts";
import { AgentmuxError } from "../util/errors.ts";
import { registerSetupSkills } from "./setup-skills.ts";
import { block, out, shown } from "../util/terminal-text.ts";
import { setupSteps } from "../setup/steps.ts";
import type { SetupStep } from "../backends/shared/types.ts";
import { confirm } from "./confirm.ts";
import { Context } from "./context.ts";

interface SetupOptions { global?: boolean; removeGlobal?: boolean }

export function registerSetup(program: Command): void {
  const setup = program
    .command("setup")
    .description("first-run setup at a terminal: tmux, the agent CLIs, $EDITOR, the plugin line, Claude's settings, hooks twice, the bundled skills; each change offered, nothing done without a yes")
    .action(async (_options: unknown, command: Command) => {
      const ctx = Context.of(command);
      const interactive = process.stdin.isTTY === true && process.stderr.isTTY === true;
      for (const step of setupSteps(ctx.tmux, ctx.config)) {
        for (const result of await step()) await tell(result, interactive);
      }
      out(shown`\nRun agentmux setup again after fixing what is marked --; agentmux doctor checks the running parts (daemon, hooks, keys).\n`);
    });
  registerSetupSkills(setup);
  for (const name of BACKEND_NAMES) {
    const global = BACKENDS[name].globalSetup;
    if (!global) continue;
    setup
      .command(name)
      .description(global.description)
      .option("--global", global.addOption)
      .option("--remove-global", global.removeOption)
      .action((options: SetupOptions) => {
        if (Boolean(options.global) === Boolean(options.removeGlobal)) {
          throw new AgentmuxError(`setup ${name} needs one of --global or --remove-global`, { hint: `agentmux setup ${name} --global, or agentmux setup ${name} --remove-global` });
        }
        out(shown`${options.global ? global.add() : global.remove()}\n`);
      });
  }
}

/** One step's line; its offer asked at a terminal (and done on a yes), only named without one. */
async function tell(result: SetupStep, interactive: boolean): Promise<void> {
  out(shown`${result.ok ? "ok" : "--"}  ${block(result.step)}: ${block(result.found)}\n`);
  const offer = result.offer;
  if (!offer) return;
  if (!interactive) { out(shown`    offered at a terminal: ${block(offer.question)}\n`); return; }
  if (await confirm(offer.question)) out(shown`    ${block(offer.apply())}\n`);
  else out(shown`    left as it is\n`);
}
