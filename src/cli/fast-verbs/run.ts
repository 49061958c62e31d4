import { cachedConfig } from "../../config/cached.ts";
import type { Config } from "../../config/config.ts";
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

/**
 * The Context of a verb that reads the config. The config as last validated (config/cached.ts)
 * when its file did not change; else the config module (the YAML parser, the schema, every
 * backend) loads it, and the result is kept for the next key press.
 */
export async function configuredContext(server: TmuxServer): Promise<Context> {
  const cached = cachedConfig<Config>();
  if (cached.config) {
    const config = cached.config;
    setConfigReader(() => config);
    return new Context(server);
  }
  const { loadConfig } = await import("../../config/config.ts");
  const { tellConfigWarnings } = await import("../config-warnings.ts");
  setConfigReader(() => {
    const config = loadConfig();
    tellConfigWarnings(config);
    cached.store(config);
    return config;
  });
  return new Context(server);
}
