import { AgentmuxError } from "../util/errors.ts";
import { describeServer, type TmuxServer } from "./server.ts";

/**
 * How tmux commands reach a server: the one-shot runner (a tmux process per command, runner.ts)
 * or the daemon's control-mode connection (control.ts). Tmux (tmux.ts) puts its typed methods
 * over either; argv words are made safe by the transport (argvWord, or the control line's quoting).
 */
export interface TmuxTransport {
  /** Run one command (argv form, commands joined with THEN); answers its output without the final newline. */
  run(args: string[], input?: string): Promise<string>;
  /** run's output as its lines, where the transport has them so (control mode): no joining and splitting again. */
  lines?(args: string[]): Promise<string[]>;
}

/** The environment every tmux process gets: with an explicit socket, $TMUX must not redirect it. */
export function tmuxEnv(server: TmuxServer, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env = { ...base };
  if (server.socketName || server.socketPath) {
    delete env["TMUX"];
    delete env["TMUX_PANE"];
  }
  return env;
}

/** What went wrong running tmux, in the user's words: not installed, no server, or tmux's own message. */
export function tmuxFailure(failure: { program: string; server: TmuxServer; args: readonly string[]; code?: unknown; stderr: string; message: string; cause?: unknown }): AgentmuxError {
  const cause = failure.cause === undefined ? {} : { cause: failure.cause };
  if (failure.code === "ENOENT") {
    return new AgentmuxError(`tmux is not installed (no "${failure.program}" on PATH)`, { hint: "install tmux >= 3.2, e.g. apt-get install tmux or brew install tmux", ...cause });
  }
  const stderr = failure.stderr.trim();
  if (/no server running|error connecting to|failed to connect to server/i.test(stderr)) {
    return new AgentmuxError(`no tmux server is running (${describeServer(failure.server)})`, {
      hint: "start tmux first, or run agentmux inside tmux, or pass --socket-name/--socket-path",
      ...cause,
    });
  }
  return new AgentmuxError(`tmux ${failure.args.join(" ")} failed: ${stderr || failure.message}`, cause);
}
