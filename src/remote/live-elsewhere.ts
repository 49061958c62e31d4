import { splitHostTarget } from "../hosts/address.ts";
import { safeLine } from "../util/terminal-text.ts";
import { isAgentmuxError } from "../util/errors.ts";
import type { RemotePort } from "./port.ts";
import { lastLines } from "./rows.ts";
import { isPaneId } from "../tmux/pane-id.ts";

/** The most characters of another machine's output one message to the page holds (its last lines kept). */
export const MAX_PAGE_OUTPUT = 256 * 1024;

/** A page's watch of another machine's pane: how to stop it, or why there is none. */
export type ElsewhereWatch = { stop: () => void } | { error: string };

/**
 * Pure: a pane's output from another machine as the page's lines: its last n, each made safe (an
 * escape written out, never acted on), at most MAX_PAGE_OUTPUT characters in all (the last lines
 * kept; a single longer line keeps its end).
 */
export function remoteLines(text: string, n: number): string[] {
  const lines = lastLines(text, n).map(safeLine);
  let total = 0;
  let from = lines.length;
  while (from > 0 && total + (lines[from - 1]?.length ?? 0) + 1 <= MAX_PAGE_OUTPUT) total += (lines[--from]?.length ?? 0) + 1;
  if (from === lines.length && lines.length > 0) return [(lines.at(-1) ?? "").slice(-MAX_PAGE_OUTPUT)];
  return lines.slice(from);
}

/**
 * The page's watch of HOST:%N, a configured host's pane (null: not one, the pane is this
 * machine's): the host link's output pushed to the client in the shape of local output
 * (`{type: "output", pane, lines}`), `{type: "ended"}` when it ended there, and
 * `{type: "output-old", pane, why}` while the host is down or its agentmux older (what the page
 * shows stays, marked old).
 */
export function watchElsewhere(port: RemotePort, pane: string, send: (message: Record<string, unknown>) => void): ElsewhereWatch | null {
  const elsewhere = port.elsewhere;
  const split = elsewhere ? splitHostTarget(pane) : null;
  if (!elsewhere || !split || !port.config().hosts.some((h) => h.name === split.host)) return null;
  if (!isPaneId(split.target)) return { error: `${safeLine(pane)}: ${safeLine(split.target)} is not a pane id (a pane there is HOST:%N)` };
  let last = "";
  try {
    const stop = elsewhere.watch(split.host, split.target, (event) => {
      if (event.type === "output") {
        const lines = remoteLines(event.text, port.config().remote.outputLines);
        const text = JSON.stringify(lines);
        if (text === last) return;
        last = text;
        send({ type: "output", pane, lines });
      } else if (event.type === "ended") {
        send({ type: "ended", pane });
      } else {
        last = "";
        send({ type: "output-old", pane, why: safeLine(event.why) });
      }
    });
    return { stop };
  } catch (error) {
    if (isAgentmuxError(error)) return { error: `${error.message}${error.hint ? ` (${error.hint})` : ""}` };
    throw error;
  }
}
