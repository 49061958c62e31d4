import type { TmuxServer } from "../../tmux/server.ts";
import { Context, setConfigReader } from "../context.ts";
import { reportError } from "../report-error.ts";

/** A fast verb's options, as node:util parseArgs read them (cli/fast-path.ts). */
export type Values = Record<string, string | boolean | undefined>;
/** A fast verb (the default export of each file here): does its work and reports its own errors (exit code in process.exitCode). */
export type VerbMain = (server: TmuxServer, values: Values, positionals: string[]) => Promise<void>;

/**
 * Run a fast verb and report its error as cli/main.ts does (report-error.ts: JSON under --json). Each verb is bundled into a
 * file of its own (scripts/bundle.mjs), so the error is told apart here, inside the verb's
 * bundle, where AgentmuxError is the class the verb threw.
 */
export async function runVerb(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    process.exitCode = reportError(error, process.argv);
  }
}

/** The Context of a verb that reads the config: the config module (it brings the YAML parser) is loaded by these verbs only. */
export async function configuredContext(server: TmuxServer): Promise<Context> {
  const { loadConfig } = await import("../../config/config.ts");
  setConfigReader(() => loadConfig());
  return new Context(server);
}
