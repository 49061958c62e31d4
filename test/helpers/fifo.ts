import { execFileSync, spawn } from "node:child_process";

/**
 * A FIFO at path, with a writer that opens it, waits `seconds` and closes it: a reader that
 * blocks on a FIFO (the bug a test guards against) gets an empty file then instead of hanging the
 * suite. Call the answer to end the writer (it waits for a reader that never came).
 */
export function makeFifo(path: string, seconds = 5): () => void {
  execFileSync("mkfifo", [path]);
  const writer = spawn("sh", ["-c", 'exec 3>"$0"; sleep "$1"', path, String(seconds)], { stdio: "ignore", detached: true });
  writer.unref();
  return () => { try { process.kill(-(writer.pid ?? 0), "SIGKILL"); } catch { /* ended */ } };
}
