import { loadConfig } from "../config/config.ts";
import { tellConfigWarnings } from "./config-warnings.ts";
import { setConfigReader } from "./context.ts";
import { buildProgram, helpOnlyForKnown } from "./program.ts";
import { reportError, wantsJson } from "./report-error.ts";

async function main(argv: string[]): Promise<number> {
  setConfigReader(() => {
    const config = loadConfig();
    tellConfigWarnings(config);
    return config;
  });
  const program = buildProgram({ jsonErrors: wantsJson(argv) });
  // `agentmux hook` runs inside agents' turns: it never fails and never prints.
  const isHook = argv.slice(2).find((a) => !a.startsWith("-")) === "hook";
  if (isHook) program.configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  try {
    // HOST:TARGET or `new --host`: the verb is another machine's, carried out there (loaded only then).
    const remote = !isHook && argv.slice(2).some((a) => a.includes(":") || a.startsWith("--host")) ? await (await import("./host-verbs.ts")).forwardToHost(program, argv.slice(2)) : null;
    if (remote !== null) return remote;
    await program.parseAsync(helpOnlyForKnown(program, argv));
    // An action may end with a code of its own, having said why (daemon run leaving to another).
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (error) {
    if (isHook) return 0;
    const code = reportError(error, argv);
    // A verb that failed is over: nothing it left pending (a daemon request, a timer) may hold the
    // process open after its error was said. (stdout and stderr are synchronous for files and pipes on Linux.)
    process.exit(code);
  }
}

process.exitCode = await main(process.argv);
