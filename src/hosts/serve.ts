import { FEED_PROTOCOL } from "../daemon/feed.ts";
import { subscribeDaemon, type DaemonView, type InboxSubscription } from "../daemon/inbox-client.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { isAgentmuxError } from "../util/errors.ts";
import { StreamWatches } from "./serve-watch.ts";

/**
 * How often the stream says it is alive when nothing changed, unless the link asks for another
 * cadence (an `{"type":"alive","every":MS}` line on stdin, within ALIVE_RANGE_MS): an older link
 * asks nothing and ends a stream silent for 35 s.
 */
const ALIVE_MS = 10_000;
const ALIVE_RANGE_MS = [5000, 60_000] as const;
/** The wait before the daemon is looked for again when it went away (it is started again if it must). */
const REJOIN_MS = 300;

export interface StreamIo {
  out: NodeJS.WritableStream;
  /** Its end (ssh closed the session) ends the stream. */
  input: NodeJS.ReadableStream;
  version: string;
  /** The daemon's pushed views (default: subscribeDaemon over its socket; a test gives a fake). */
  subscribe?: (view: DaemonView, onMessage: (message: Record<string, unknown>) => void, onEnd: (why: string) => void) => Promise<InboxSubscription>;
}

/** What this stream can do beyond the roster feed (the hello line says it; an older one says nothing). */
export const STREAM_FEATURES = ["output", "alive-every"];

/**
 * `agentmux stream --protocol N`, the far end of a host link (src/hosts/link.ts): a hello line, then
 * the daemon's roster feed (op "feed") as lines `{type: "feed", now, sessions, inbox}`, one per
 * change, and `{type: "alive"}` every ALIVE_MS. A daemon that goes away is started again and the
 * feed taken up. Failures are an `{type: "error", error, hint}` line (and a throw), never a stack.
 * The hello names its features: "output", the output of panes the link watches (src/hosts/serve-watch.ts);
 * "alive-every", the link may ask for the alive line's cadence.
 */
export async function serveStream(tmux: Tmux, protocol: number, io: StreamIo): Promise<void> {
  const write = (message: Record<string, unknown>) => { io.out.write(`${JSON.stringify(message)}\n`); };
  write({ type: "hello", protocol: FEED_PROTOCOL, version: io.version, features: STREAM_FEATURES });
  if (protocol !== FEED_PROTOCOL) {
    write({ type: "error", error: `this agentmux (${io.version}) speaks stream protocol ${FEED_PROTOCOL}, not ${protocol}`, hint: "install the same agentmux version on both machines" });
    return;
  }
  let ended = false;
  let feed: InboxSubscription | null = null;
  const subscribe = io.subscribe ?? ((view, onMessage, onEnd) => subscribeDaemon(tmux, view, onMessage, onEnd));
  const watches = new StreamWatches((pane, onMessage, onEnd) => subscribe({ op: "output", pane }, onMessage, onEnd), write);
  const sayAlive = () => write({ type: "alive", now: Date.now() });
  let alive = setInterval(sayAlive, ALIVE_MS);
  watches.cadence = (ms) => {
    clearInterval(alive);
    alive = setInterval(sayAlive, Math.min(ALIVE_RANGE_MS[1], Math.max(ALIVE_RANGE_MS[0], ms)));
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const end = () => { ended = true; feed?.close(); watches.close(); resolve(); };
      io.input.on("end", end);
      io.input.on("close", end);
      io.input.on("error", end);
      io.out.on("error", end);
      io.input.on("data", (chunk: Buffer | string) => watches.input(chunk));
      const relay = (message: Record<string, unknown>) => {
        if (message["ok"] === true) write({ type: "feed", now: message["now"], sessions: message["sessions"], inbox: message["inbox"] });
        else write({ type: "error", error: String(message["error"] ?? "the daemon refused the feed"), hint: null });
      };
      const join = (): void => {
        if (ended) return;
        subscribe("feed", relay, () => { if (!ended) setTimeout(join, REJOIN_MS); }).then(
          (subscription) => { feed = subscription; if (ended) subscription.close(); },
          (error: unknown) => {
            write({ type: "error", error: (error as Error).message, hint: isAgentmuxError(error) ? (error.hint ?? null) : null });
            reject(error as Error);
          },
        );
      };
      join();
    });
  } finally {
    clearInterval(alive);
  }
}
