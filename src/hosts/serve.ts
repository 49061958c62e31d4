import { createConnection } from "node:net";
import { FEED_PROTOCOL } from "../daemon/feed.ts";
import { ensureDaemon } from "../daemon/start.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { isAgentmuxError } from "../util/errors.ts";
import { isJsonObject } from "../util/json.ts";

/** How often the stream says it is alive when nothing changed (the link ends one silent for 35 s). */
const ALIVE_MS = 10_000;
/** The wait before the daemon is looked for again when it went away (it is started again if it must). */
const REJOIN_MS = 300;

export interface StreamIo {
  out: NodeJS.WritableStream;
  /** Its end (ssh closed the session) ends the stream. */
  input: NodeJS.ReadableStream;
  version: string;
}

/**
 * `agentmux stream --protocol N`, the far end of a host link (src/hosts/link.ts): a hello line, then
 * the daemon's roster feed (op "feed") as lines `{type: "feed", now, sessions, inbox}`, one per
 * change, and `{type: "alive"}` every ALIVE_MS. A daemon that goes away is started again and the
 * feed taken up. Failures are an `{type: "error", error, hint}` line (and a throw), never a stack.
 */
export async function serveStream(tmux: Tmux, protocol: number, io: StreamIo): Promise<void> {
  const write = (message: Record<string, unknown>) => { io.out.write(`${JSON.stringify(message)}\n`); };
  write({ type: "hello", protocol: FEED_PROTOCOL, version: io.version });
  if (protocol !== FEED_PROTOCOL) {
    write({ type: "error", error: `this agentmux (${io.version}) speaks stream protocol ${FEED_PROTOCOL}, not ${protocol}`, hint: "install the same agentmux version on both machines" });
    return;
  }
  let ended = false;
  let socket: ReturnType<typeof createConnection> | null = null;
  const alive = setInterval(() => write({ type: "alive", now: Date.now() }), ALIVE_MS);
  try {
    await new Promise<void>((resolve, reject) => {
      const end = () => { ended = true; socket?.destroy(); resolve(); };
      io.input.on("end", end);
      io.input.on("close", end);
      io.input.on("error", end);
      io.out.on("error", end);
      io.input.resume();
      const join = async () => {
        if (ended) return;
        let layout;
        try {
          ({ layout } = await ensureDaemon(tmux));
        } catch (error) {
          const hint = isAgentmuxError(error) ? error.hint : undefined;
          write({ type: "error", error: (error as Error).message, hint: hint ?? null });
          reject(error as Error);
          return;
        }
        const s = createConnection(layout.socket);
        socket = s;
        let pending = "";
        s.setEncoding("utf8");
        s.once("connect", () => s.write(`${JSON.stringify({ op: "feed" })}\n`));
        s.on("data", (chunk: string) => {
          pending += chunk;
          let newline: number;
          while ((newline = pending.indexOf("\n")) >= 0) {
            const line = pending.slice(0, newline);
            pending = pending.slice(newline + 1);
            let message: unknown;
            try { message = JSON.parse(line); } catch { continue; }
            if (!isJsonObject(message)) continue;
            if (message["ok"] !== true) { write({ type: "error", error: String(message["error"] ?? "the daemon refused the feed"), hint: null }); continue; }
            write({ type: "feed", now: message["now"], sessions: message["sessions"], inbox: message["inbox"] });
          }
        });
        s.on("error", () => undefined);
        s.on("close", () => { if (!ended) setTimeout(() => void join(), REJOIN_MS); });
      };
      void join();
    });
  } finally {
    clearInterval(alive);
  }
}
