import { execFile } from "node:child_process";
import { AgentmuxError } from "../util/errors.ts";
import { argvWord } from "./safe-text.ts";
import { describeServer, serverArgs, type TmuxServer } from "./server.ts";

/** What code that only runs tmux commands needs; Tmux and QuickTmux both answer it. */
export interface TmuxCaller { run(args: string[]): Promise<string> }

/**
 * One-shot tmux commands through node:child_process alone. The switcher opens in a popup on a
 * key press, and loading execa would cost it more than its whole start-up budget.
 */
export class QuickTmux implements TmuxCaller {
  readonly server: TmuxServer;

  constructor(server: TmuxServer = {}) {
    this.server = server;
  }

  env(): NodeJS.ProcessEnv {
    const env = { ...process.env };
    if (this.server.socketName || this.server.socketPath) {
      delete env["TMUX"];
      delete env["TMUX_PANE"];
    }
    return env;
  }

  run(args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile("tmux", [...serverArgs(this.server), ...args.map(argvWord)], { env: this.env(), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (!error) { resolve(stdout.replace(/\n$/, "")); return; }
        const text = String(stderr).trim();
        if ((error as { code?: unknown }).code === "ENOENT") {
          reject(new AgentmuxError(`tmux is not installed (no "tmux" on PATH)`, { hint: "install tmux >= 3.2" }));
        } else if (/no server running|error connecting to|failed to connect to server/i.test(text)) {
          reject(new AgentmuxError(`no tmux server is running (${describeServer(this.server)})`, { hint: "start tmux first, or pass --socket-name/--socket-path" }));
        } else {
          reject(new AgentmuxError(`tmux ${args.join(" ")} failed: ${text || error.message}`));
        }
      });
    });
  }
}
