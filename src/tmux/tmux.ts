import { TmuxRunner } from "./runner.ts";
import { CLIENT_FIELDS, CLIENT_FORMAT, PANE_FIELDS, PANE_FORMAT, parseRecords, WINDOW_FIELDS, WINDOW_FORMAT, type ClientRecord, type PaneRecord, type WindowRecord } from "./formats.ts";
import { setOptionArgs, showOptionArgs, unsetOptionArgs, type OptionScope } from "./options.ts";
import type { TmuxServer } from "./server.ts";
import { renameWindowArgs, startDirArg, windowNameArg } from "./commands.ts";
import { THEN } from "./safe-text.ts";

export interface SpawnRequest {
  /** argv of the program; run through the shell-free form of new-window. */
  argv: string[];
  dir: string;
  env: Record<string, string>;
  /** Split this pane instead of opening a window. */
  splitFrom?: string | undefined;
  /** Where the new window goes (a session name or id) when not splitting. */
  session?: string | undefined;
  windowName?: string | undefined;
}

const envArgs = (env: Record<string, string>) => Object.entries(env).flatMap(([k, v]) => ["-e", `${k}=${v}`]);

/** The tmux operations agentmux needs, on one server, through one-shot commands. */
export class Tmux {
  readonly runner: TmuxRunner;

  constructor(server: TmuxServer = {}, runner?: TmuxRunner) {
    this.runner = runner ?? new TmuxRunner(server);
  }

  run(args: string[], input?: string): Promise<string> {
    return this.runner.run(args, input === undefined ? {} : { input });
  }

  async socketPath(): Promise<string> {
    return this.run(["display-message", "-p", "#{socket_path}"]);
  }

  async hasServer(): Promise<boolean> {
    return (await this.runner.tryRun(["list-sessions", "-F", "#{session_id}"])) !== null;
  }

  async listPanes(): Promise<PaneRecord[]> {
    return parseRecords(PANE_FIELDS, await this.run(["list-panes", "-a", "-F", PANE_FORMAT]));
  }

  async listWindows(): Promise<WindowRecord[]> {
    return parseRecords(WINDOW_FIELDS, await this.run(["list-windows", "-a", "-F", WINDOW_FORMAT]));
  }

  async listClients(): Promise<ClientRecord[]> {
    return parseRecords(CLIENT_FIELDS, await this.run(["list-clients", "-F", CLIENT_FORMAT]));
  }

  async getOption(scope: OptionScope, name: string): Promise<string> {
    return this.run(showOptionArgs(scope, name));
  }

  async setOption(scope: OptionScope, name: string, value: string): Promise<void> {
    await this.run(setOptionArgs(scope, name, value));
  }

  async unsetOption(scope: OptionScope, name: string): Promise<void> {
    await this.run(unsetOptionArgs(scope, name));
  }

  /** Set several pane options in one tmux call. */
  async setPaneOptions(pane: string, values: Record<string, string>): Promise<void> {
    const args: string[] = [];
    for (const [name, value] of Object.entries(values)) {
      if (args.length > 0) args.push(THEN);
      args.push(...setOptionArgs({ pane }, name, value));
    }
    if (args.length > 0) await this.run(args);
  }

  /** Open a window (or split a pane) running argv, detached; answers the new pane id. */
  async spawn(request: SpawnRequest): Promise<string> {
    const base = request.splitFrom
      ? ["split-window", "-d", "-h", "-t", request.splitFrom]
      : ["new-window", "-d", ...(request.session ? ["-t", `${request.session}:`] : []), ...(request.windowName ? ["-n", windowNameArg(request.windowName)] : [])];
    const args = [...base, "-P", "-F", "#{pane_id}", "-c", startDirArg(request.dir), ...envArgs(request.env), "--", ...request.argv];
    return (await this.run(args)).trim();
  }

  /** Replace a pane's process in place (same pane id), running argv in dir. */
  async respawn(pane: string, request: { argv: string[]; dir: string; env: Record<string, string> }): Promise<void> {
    await this.run(["respawn-pane", "-k", "-t", pane, "-c", startDirArg(request.dir), ...envArgs(request.env), "--", ...request.argv]);
  }

  /** Type text literally (no key-name lookup). */
  async sendLiteral(pane: string, text: string): Promise<void> {
    await this.run(["send-keys", "-t", pane, "-l", "--", text]);
  }

  async sendKeys(pane: string, keys: string[]): Promise<void> {
    await this.run(["send-keys", "-t", pane, "--", ...keys]);
  }

  /** Paste text as a bracketed paste when the program asked for one, through a private buffer. */
  async paste(pane: string, text: string): Promise<void> {
    const buffer = `agentmux-${process.pid}-${Date.now()}`;
    await this.run(["load-buffer", "-b", buffer, "-"], text);
    await this.run(["paste-buffer", "-p", "-d", "-r", "-b", buffer, "-t", pane]);
  }

  /** The screen (plus `history` lines of scrollback) as plain text, escape codes left out. */
  async capture(pane: string, options: { history?: number; escapes?: boolean } = {}): Promise<string> {
    const args = ["capture-pane", "-p", "-J", "-t", pane];
    if (options.escapes) args.push("-e");
    if (options.history !== undefined) args.push("-S", options.history === Infinity ? "-" : String(-options.history));
    return this.run(args);
  }

  /** The expansion of one of agentmux's own formats for a target (display-message -p); null when the target is gone. */
  async query(target: string, format: string): Promise<string | null> {
    return this.runner.tryRun(["display-message", "-p", "-t", target, format]);
  }

  async killPane(pane: string): Promise<void> {
    await this.run(["kill-pane", "-t", pane]);
  }

  async selectPane(pane: string): Promise<void> {
    await this.run(["select-pane", "-t", pane]);
  }

  async renameWindow(pane: string, name: string): Promise<void> {
    await this.run(renameWindowArgs(pane, name));
  }

  /** Make the pane current in its window and session; switch the given client (or the current one) to it. */
  async focus(pane: string, client?: string): Promise<void> {
    await this.run(["select-window", "-t", pane, THEN, "select-pane", "-t", pane]);
    const switchArgs = ["switch-client", ...(client ? ["-c", client] : []), "-t", pane];
    await this.run(switchArgs);
  }
}
