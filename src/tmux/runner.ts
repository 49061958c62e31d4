import { execa, type ExecaError } from "execa";
import { AgentmuxError } from "../util/errors.ts";
import { argvWord } from "./safe-text.ts";
import { describeServer, serverArgs, type TmuxServer } from "./server.ts";
import { checkTmuxVersion, type TmuxVersion } from "./version.ts";

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
      const result = await execa(this.program, [...serverArgs(this.server), ...args.map(argvWord)], {
        input: options.input,
        stripFinalNewline: true,
        env: this.env(),
        extendEnv: false,
      });
      return result.stdout;
    } catch (error) {
      throw this.translate(error as ExecaError, args);
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
      output = (await execa(this.program, ["-V"])).stdout;
    } catch (error) {
      throw this.translate(error as ExecaError, ["-V"]);
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

  private translate(error: ExecaError, args: string[]): AgentmuxError {
    if ((error as { code?: string }).code === "ENOENT") {
      return new AgentmuxError(`tmux is not installed (no "${this.program}" on PATH)`, {
        hint: "install tmux >= 3.2, e.g. apt-get install tmux or brew install tmux",
        cause: error,
      });
    }
    const stderr = String(error.stderr ?? "").trim();
    if (/no server running|error connecting to|failed to connect to server/i.test(stderr)) {
      return new AgentmuxError(`no tmux server is running (${describeServer(this.server)})`, {
        hint: "start tmux first, or run agentmux inside tmux, or pass --socket-name/--socket-path",
        cause: error,
      });
    }
    return new AgentmuxError(`tmux ${args.join(" ")} failed: ${stderr || error.shortMessage}`, { cause: error });
  }
}
