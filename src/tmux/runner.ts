import { execFile } from "node:child_process";
import { argvWord } from "./safe-text.ts";
import { CLIENT_UTF8, serverArgs, type TmuxServer } from "./server.ts";
import { tmuxEnv, tmuxFailure, type TmuxTransport } from "./transport.ts";
import { checkTmuxVersion, type TmuxVersion } from "./version.ts";

/** tmux may print a lot (a capture with all of its history). */
const MAX_BUFFER = 100 * 1024 * 1024;

/**
 * Runs one-shot tmux commands against one server, through node:child_process alone: a key press
 * (switch, next, menu) runs these, and loading execa would cost more than its whole start-up budget.
 */
export class TmuxRunner implements TmuxTransport {
  readonly server: TmuxServer;
  readonly program: string;
  private versionChecked: TmuxVersion | undefined;

  constructor(server: TmuxServer = {}, program = "tmux") {
    this.server = server;
    this.program = program;
  }

  /** Run `tmux [server args] ...args` and return stdout without its final newline. */
  run(args: string[], input?: string): Promise<string> {
    return this.exec([CLIENT_UTF8, ...serverArgs(this.server), ...args.map(argvWord)], args, input);
  }

  async version(): Promise<TmuxVersion> {
    if (this.versionChecked) return this.versionChecked;
    this.versionChecked = checkTmuxVersion(await this.exec(["-V"], ["-V"]));
    return this.versionChecked;
  }

  /** The environment tmux gets (tmuxEnv). */
  env(): NodeJS.ProcessEnv {
    return tmuxEnv(this.server);
  }

  private exec(argv: string[], shown: string[], input?: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = execFile(this.program, argv, { env: this.env(), maxBuffer: MAX_BUFFER }, (error, stdout, stderr) => {
        if (!error) { resolve(stdout.replace(/\r?\n$/, "")); return; }
        reject(tmuxFailure({ program: this.program, server: this.server, args: shown, code: (error as { code?: unknown }).code, stderr: String(stderr), message: error.message.split("\n")[0] ?? "", cause: error }));
      });
      child.stdin?.on("error", () => undefined); // tmux may exit before reading its input; its exit status says why
      child.stdin?.end(input ?? "");
    });
  }
}
