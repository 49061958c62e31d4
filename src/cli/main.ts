import { CommanderError } from "commander";
import { loadConfig } from "../config/config.ts";
import { isAgentmuxError } from "../util/errors.ts";
import { setConfigReader } from "./context.ts";
import { buildProgram } from "./program.ts";

async function main(argv: string[]): Promise<number> {
  setConfigReader(() => loadConfig());
  const program = buildProgram();
  // `agentmux hook` runs inside agents' turns: it never fails and never prints.
  const isHook = argv.slice(2).find((a) => !a.startsWith("-")) === "hook";
  if (isHook) program.configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  try {
    await program.parseAsync(argv);
    // An action may end with a code of its own, having said why (daemon run leaving to another).
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (error) {
    if (isHook) return 0;
    if (error instanceof CommanderError) return error.exitCode;
    if (isAgentmuxError(error)) {
      process.stderr.write(`agentmux: ${error.oneLine()}\n`);
      return error.exitCode;
    }
    process.stderr.write(`agentmux: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 70;
  }
}

process.exitCode = await main(process.argv);
