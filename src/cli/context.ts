import type { Command } from "commander";
import { loadConfig, type Config } from "../config/config.ts";
import type { TmuxServer } from "../tmux/server.ts";
import { Tmux } from "../tmux/tmux.ts";

export interface GlobalOptions { socketName?: string; socketPath?: string }

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
    this.configCache ??= loadConfig();
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
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
