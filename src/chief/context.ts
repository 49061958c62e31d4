import { execFile } from "node:child_process";

/** The most of one context command's output that is kept. */
const MAX_OUTPUT = 16 * 1024;

/**
 * I/O: each chief.contextCommands entry run by /bin/sh in dir, at most timeoutMs each, all at
 * once; its output (trimmed, at most 16 KiB) in the order of the list. Empty output is left out; a
 * command that fails or times out is left out and reported through `failed`.
 */
export async function gatherContext(commands: readonly string[], dir: string, timeoutMs: number, failed: (line: string) => void): Promise<string[]> {
  const outputs = await Promise.all(commands.map((command) => new Promise<string>((resolve) => {
    execFile("/bin/sh", ["-c", command], { cwd: dir, timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 1024 * 1024, encoding: "utf8" }, (error, stdout) => {
      if (error) {
        failed(`chief: context command ${JSON.stringify(command)} ${error.killed ? `took longer than ${timeoutMs} ms` : `failed: ${error.message.split("\n")[0] ?? ""}`}; left out`);
        resolve("");
        return;
      }
      resolve(stdout.slice(0, MAX_OUTPUT).trim());
    }).stdin?.end();
  })));
  return outputs.filter((o) => o !== "");
}
