import type { Command } from "commander";
import { BACKEND_NAMES, BACKENDS } from "../backends/index.ts";
import { AgentmuxError } from "../util/errors.ts";
import { registerSetupSkills } from "./setup-skills.ts";
import { out, shown } from "../util/terminal-text.ts";

interface SetupOptions { global?: boolean; removeGlobal?: boolean }

export function registerSetup(program: Command): void {
  const setup = program.command("setup").description("connect agent CLIs to agentmux outside the sessions it starts");
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
