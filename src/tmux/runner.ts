import { execFile } from "node:child_process";
import { AgentmuxError } from "../util/errors.ts";
import { argvWord } from "./safe-text.ts";
import { describeServer, serverArgs, type TmuxServer } from "./server.ts";
import { checkTmuxVersion, type TmuxVersion } from "./version.ts";

/** How a one-shot tmux command failed: the spawn error (code ENOENT: no tmux) with what it printed. */
interface RunFailure { code?: unknown; message: string; stderr: string }

/** Run a program to its end: its stdout, or a RunFailure. node:child_process, not execa: key bindings run this, and execa's import alone would cost them ~60 ms. */
function runProgram(program: string, args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(program, args, { env, maxBuffer: 100 * 1024 * 1024, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error) reject({ code: (error as { code?: unknown }).code, message: error.message, stderr: String(stderr) } satisfies RunFailure);
      else resolve(stdout.replace(/\r?\n$/, ""));
    });
    child.stdin?.on("error", () => undefined); // tmux may exit before reading its input; its exit status says why
    child.stdin?.end(input ?? "");
  });
}

/** Runs one-shot tmux commands against one server. */
export class TmuxRunner {
  readonly server: TmuxServer;
  readonly program: string;
  private versionChecked: TmuxVersion | undefined;

  constructor(server: TmuxServer = {}, program = "tmux") {
    this.server = server;
    this.program = program;
  }

  /** Run `tmux [server args] ...args` and return stdout without its final newline. */
  async run(args: string[], options: { input?: string } = {}): Promise<string> {
    try {
      return await runProgram(this.program, [...serverArgs(this.server), ...args.map(argvWord)], this.env(), options.input);
    } catch (error) {
      throw this.translate(error as RunFailure, args);
    }
  }

  /** Like run, but a failure answers null instead of throwing (for probes). */
  async tryRun(args: string[]): Promise<string | null> {
    try {
      return await this.run(args);
    } catch {
      return null;
    }
  }

  async version(): Promise<TmuxVersion> {
    if (this.versionChecked) return this.versionChecked;
    let output: string;
    try {
      output = await runProgram(this.program, ["-V"], process.env);
    } catch (error) {
      throw this.translate(error as RunFailure, ["-V"]);
    }
    this.versionChecked = checkTmuxVersion(output);
    return this.versionChecked;
  }

  /** The environment tmux gets: with an explicit socket, $TMUX must not redirect it. */
  env(): Record<string, string | undefined> {
    const env = { ...process.env };
    if (this.server.socketName || this.server.socketPath) {
      delete env["TMUX"];
      delete env["TMUX_PANE"];
    }
    return env;
  }

  private translate(error: RunFailure, args: string[]): AgentmuxError {
    if ((error as { code?: string }).code === "ENOENT") {
      return new AgentmuxError(`tmux is not installed (no "${this.program}" on PATH)`, {
        hint: "install tmux >= 3.2, e.g. apt-get install tmux or brew install tmux",
        cause: error,
      });
    }
    const stderr = error.stderr.trim();
    if (/no server running|error connecting to|failed to connect to server/i.test(stderr)) {
      return new AgentmuxError(`no tmux server is running (${describeServer(this.server)})`, {
        hint: "start tmux first, or run agentmux inside tmux, or pass --socket-name/--socket-path",
        cause: error,
      });
    }
    return new AgentmuxError(`tmux ${args.join(" ")} failed: ${stderr || error.message}`, { cause: error });
  }
}
