/** The one error type: what failed, the fix, and the exit code. Only src/cli/main.ts prints and exits. */
export class AgentmuxError extends Error {
  readonly hint: string | undefined;
  readonly exitCode: number;

  constructor(message: string, options: { hint?: string; exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AgentmuxError";
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? 1;
  }

  /** One line: the cause, then the fix in parentheses. */
  oneLine(): string {
    return this.hint ? `${this.message} (${this.hint})` : this.message;
  }
}

export function isAgentmuxError(value: unknown): value is AgentmuxError {
  return value instanceof AgentmuxError;
}
