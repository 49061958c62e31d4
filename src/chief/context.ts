import { runShellCommand } from "../util/sh-run.ts";

/** The most of one context command's output that is kept. */
const MAX_OUTPUT = 16 * 1024;

/**
 * I/O: each chief.contextCommands entry run in dir, at most timeoutMs each, all at once; its output
 * (trimmed, at most 16 KiB) in the order of the list. Empty output is left out; a command that
 * fails or times out is left out and reported through `failed`.
 */
export async function gatherContext(commands: readonly string[], dir: string, timeoutMs: number, failed: (line: string) => void): Promise<string[]> {
  const outputs = await Promise.all(commands.map(async (command) => {
    const ran = await runShellCommand(command, { cwd: dir, timeoutMs });
    if (ran.ok) return ran.stdout.slice(0, MAX_OUTPUT).trim();
    failed(`chief: context command ${JSON.stringify(command)} ${ran.why}; left out`);
    return "";
  }));
  return outputs.filter((o) => o !== "");
}
