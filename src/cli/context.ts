import type { Command } from "commander";
import type { Config } from "../config/config.ts";
import type { TmuxServer } from "../tmux/server.ts";
import { Tmux } from "../tmux/tmux.ts";
import { out, safeJson, shown } from "../util/terminal-text.ts";

export interface GlobalOptions { socketName?: string; socketPath?: string }

let readConfig: (() => Config) | undefined;

/**
 * How this process reads the config, set once at start: cli/main.ts passes loadConfig, and the
 * fast path loads that module only for the verbs that read the config (it brings the YAML parser).
 */
export function setConfigReader(read: () => Config): void {
  readConfig = read;
}

/** What every command needs: the tmux server it talks to, and the config (read lazily). */
export class Context {
  readonly server: TmuxServer;
  readonly tmux: Tmux;
  private configCache: Config | undefined;

  constructor(options: GlobalOptions) {
    this.server = { socketName: options.socketName, socketPath: options.socketPath };
    this.tmux = new Tmux(this.server);
  }

  get config(): Config {
    if (!readConfig) throw new Error("Context.config: no config reader was set (setConfigReader at start-up)");
    this.configCache ??= readConfig();
    return this.configCache;
  }

  static of(command: Command): Context {
    return new Context(command.optsWithGlobals<GlobalOptions>());
  }
}

let jsonPrinted = false;

/** Whether this process printed its JSON answer already (an error after it stays on stderr). */
export function printedJson(): boolean {
  return jsonPrinted;
}

/** Print a value as JSON (the --json form of every command). */
export function printJson(value: unknown): void {
  jsonPrinted = true;
  out(shown`${safeJson(value)}\n`);
}
