import type { Readable } from "node:stream";

/**
 * Call onLine with each line of a UTF-8 stream, without its "\n" (a last line without one when the
 * stream ends). Lighter than node:readline for a stream read all day (the daemon's tmux control
 * connection): no interface, no history, one scan per chunk.
 */
export function eachLine(stream: Readable, onLine: (line: string) => void): void {
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    let start = 0;
    let newline = chunk.indexOf("\n");
    if (newline < 0) { pending += chunk; return; }
    const first = pending + chunk.slice(0, newline);
    pending = "";
    onLine(first);
    start = newline + 1;
    while ((newline = chunk.indexOf("\n", start)) >= 0) {
      onLine(chunk.slice(start, newline));
      start = newline + 1;
    }
    pending = chunk.slice(start);
  });
  stream.on("end", () => {
    if (pending !== "") onLine(pending);
    pending = "";
  });
}
