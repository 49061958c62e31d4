import { EXIT, isAgentmuxError } from "../util/errors.ts";
import { fsFailure } from "../util/fs-failure.ts";
import { printedJson } from "./context.ts";
import { block, err, out, safeJson, shown } from "../util/terminal-text.ts";

/** commander's own errors (usage, help, --version), told by their code: the fast verbs report errors here too, without loading commander. */
function isCommanderError(error: unknown): error is Error & { exitCode: number; code: string } {
  const e = error as { code?: unknown; exitCode?: unknown } | null;
  return error instanceof Error && typeof e?.code === "string" && e.code.startsWith("commander.") && typeof e.exitCode === "number";
}

/** Whether argv asks for JSON (--json before any `--`): then errors are JSON too. */
export function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf("--");
  return (end === -1 ? argv : argv.slice(0, end)).includes("--json");
}

/**
 * Say why a command failed and give its exit status (EXIT in src/util/errors.ts): one line on
 * stderr, or under --json the daemon's shape {ok: false, error, hint} on stdout, unless the
 * command already printed its JSON answer (which says ok: false itself).
 */
export function reportError(thrown: unknown, argv: readonly string[]): number {
  const json = wantsJson(argv) && !printedJson();
  // A full disk or a read-only directory is the machine's state, not a bug: said plainly.
  const error = fsFailure(thrown) ?? thrown;
  let code: number;
  let message: string;
  let hint: string | undefined;
  if (isCommanderError(error)) {
    // Help and --version end in a CommanderError with exit code 0; anything else is a usage error.
    if (error.exitCode === 0) return 0;
    code = EXIT.usage;
    message = error.message.replace(/^error: /, "");
    hint = "run agentmux --help for usage";
    // Without --json commander has printed it already.
    if (!json) return code;
  } else if (isAgentmuxError(error)) {
    code = error.exitCode;
    message = error.message;
    hint = error.hint;
    if (!json) err(shown`agentmux: ${block(error.oneLine())}\n`);
  } else {
    code = EXIT.unexpected;
    message = `unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    if (!json) err(shown`agentmux: ${block(message)}\n`);
  }
  if (json) out(shown`${safeJson({ ok: false, error: message, ...(hint ? { hint } : {}), exitCode: code })}\n`);
  return code;
}
