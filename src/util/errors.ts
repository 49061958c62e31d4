/**
 * Every exit status agentmux uses, in one table (docs/cli.md lists it for users). A script can
 * tell these apart; anything else the message on stderr (or the JSON under --json) explains.
 */
export const EXIT = {
  /** Done. */
  ok: 0,
  /** The command could not do what was asked; also what it names does not exist (no session, account or group of that name): the message says which. */
  failure: 1,
  /** A usage error: an unknown command or flag, a missing or bad argument, or a config file that is not valid. */
  usage: 2,
  /** The daemon is not running (or its socket does not answer a connection). */
  daemonDown: 3,
  /** `daemon run` only: another daemon serves this tmux server, so this one left. */
  anotherDaemon: 4,
  /** Out of time: wait --timeout ran out, the daemon did not answer, or it did not start in time. */
  timeout: 75,
  /** A bug: an error agentmux did not expect (the stack trace is printed). */
  unexpected: 70,
} as const;

/** The one error type: what failed, the fix, and the exit code. Only src/cli/main.ts prints and exits. */
export class AgentmuxError extends Error {
  readonly hint: string | undefined;
  readonly exitCode: number;

  constructor(message: string, options: { hint?: string; exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AgentmuxError";
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? EXIT.failure;
  }

  /** One line: the cause, then the fix in parentheses. */
  oneLine(): string {
    return this.hint ? `${this.message} (${this.hint})` : this.message;
  }
}

export function isAgentmuxError(value: unknown): value is AgentmuxError {
  return value instanceof AgentmuxError;
}
