import { parseAsk, type Ask, type InboxItem } from "../core/ask.ts";
import { STATES } from "../core/states.ts";
import type { SessionRow } from "../session/json.ts";
import { isJsonObject } from "../util/json.ts";
import { isPaneId } from "../tmux/pane-id.ts";

/** The version of `agentmux stream`'s lines this agentmux reads (src/daemon/feed.ts FEED_PROTOCOL). */
export const STREAM_PROTOCOL = 1;

/** The most sessions taken from one host, and the longest text field of one. */
const MAX_ROWS = 5000;
const MAX_TEXT = 4096;
/** The most characters of a pane's output in one line of the stream, either way (its end kept). */
export const MAX_OUTPUT_TEXT = 256 * 1024;
/** The most of a host's panes one link watches at once (the far end takes no more). */
export const MAX_WATCHED = 8;

/** What this machine knows of a host, kept in its cache file (src/hosts/cache.ts). Times are this machine's clock. */
export interface HostSnapshot {
  name: string;
  /** The link carries data now. */
  reachable: boolean;
  /** Why not, in words (src/hosts/ssh.ts sshFailure), while it is not. */
  error: string | null;
  /** The remote agentmux's version, from its hello line. */
  version: string | null;
  /** When the last data came (null: never). */
  lastDataAt: number | null;
  /** The sessions as that host's `list --json` shows them, as last received. */
  sessions: SessionRow[];
  inbox: InboxItem[];
}

export function emptySnapshot(name: string): HostSnapshot {
  return { name, reachable: false, error: null, version: null, lastDataAt: null, sessions: [], inbox: [] };
}

/** One line of `agentmux stream`, checked: what a remote host sends is data, never trusted for its shape. */
export type StreamLine =
  | { type: "hello"; protocol: number; version: string; features: string[] }
  | { type: "feed"; now: number; sessions: SessionRow[]; inbox: InboxItem[] }
  | { type: "alive"; now: number }
  | { type: "output"; pane: string; text: string }
  | { type: "output-ended"; pane: string; why: string | null }
  | { type: "error"; error: string; hint: string | null };

const text = (v: unknown, max = MAX_TEXT): string | null => (typeof v === "string" ? v.slice(0, max) : null);
const time = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null);

/** A session row from another host, its fields checked and its texts bounded; null when it is not one. */
function row(value: unknown): SessionRow | null {
  if (!isJsonObject(value)) return null;
  const pane = text(value["pane"]);
  const name = text(value["name"]);
  const backend = text(value["backend"], 64);
  if (!pane || !isPaneId(pane) || name === null || backend === null) return null;
  const state = value["state"];
  const count = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) ? v : null);
  return {
    pane, name, backend,
    account: text(value["account"], 256),
    dir: text(value["dir"]) ?? "",
    instance: text(value["instance"], 256),
    id: text(value["id"], 256),
    state: typeof state === "string" && (STATES as readonly string[]).includes(state) ? state as SessionRow["state"] : null,
    background: value["background"] === true,
    stateSince: time(value["stateSince"]),
    age: count(value["age"]),
    group: text(value["group"], 256),
    parent: text(value["parent"], 16),
    forkedFrom: text(value["forkedFrom"], 256),
    side: value["side"] === true,
    title: text(value["title"]) ?? "",
    exitStatus: count(value["exitStatus"]),
    stateAge: count(value["stateAge"]),
    startedAt: time(value["startedAt"]),
  };
}

/** An Ask from another host, its texts bounded (the checks of its shape are parseAsk's). */
function boundAsk(ask: Ask | null): Ask | null {
  if (!ask) return null;
  const lines = (list: string[]) => list.slice(0, 40).map((l) => l.slice(0, MAX_TEXT));
  return { ...ask, summary: ask.summary.slice(0, MAX_TEXT), text: lines(ask.text), options: lines(ask.options), dialog: ask.dialog.slice(0, 256), ...(ask.keys ? { keys: ask.keys.slice(0, 40).map((k) => k.slice(0, 8).map((x) => x.slice(0, 32))) } : {}) };
}

function inboxItem(value: unknown): InboxItem | null {
  if (!isJsonObject(value)) return null;
  const pane = text(value["pane"]);
  const state = value["state"];
  if (!pane || !isPaneId(pane) || (state !== "blocked" && state !== "waiting")) return null;
  const ask = isJsonObject(value["ask"]) ? boundAsk(parseAsk(JSON.stringify(value["ask"]))) : null;
  return {
    pane, state,
    name: text(value["name"]) ?? pane,
    key: text(value["key"], 64) ?? "",
    backend: text(value["backend"], 64) ?? "",
    account: text(value["account"], 256) ?? "",
    background: value["background"] === true,
    since: time(value["since"]) ?? 0,
    snoozed: value["snoozed"] === true,
    ask,
  };
}

/** Parse one line of a host's stream; null for a line that is not one (skipped, never fatal). */
export function parseStreamLine(line: string): StreamLine | null {
  let value: unknown;
  try { value = JSON.parse(line); } catch { return null; }
  if (!isJsonObject(value)) return null;
  switch (value["type"]) {
    case "hello": {
      const protocol = value["protocol"];
      const features = Array.isArray(value["features"]) ? (value["features"] as unknown[]).slice(0, 32).map((f) => text(f, 64)).filter((f): f is string => f !== null) : [];
      return typeof protocol === "number" ? { type: "hello", protocol, version: text(value["version"], 64) ?? "unknown", features } : null;
    }
    case "feed": {
      const now = time(value["now"]);
      if (now === null || !Array.isArray(value["sessions"])) return null;
      const sessions = (value["sessions"] as unknown[]).slice(0, MAX_ROWS).map(row).filter((r): r is SessionRow => r !== null);
      const inbox = Array.isArray(value["inbox"]) ? (value["inbox"] as unknown[]).slice(0, MAX_ROWS).map(inboxItem).filter((i): i is InboxItem => i !== null) : [];
      return { type: "feed", now, sessions, inbox };
    }
    case "alive": {
      const now = time(value["now"]);
      return now === null ? null : { type: "alive", now };
    }
    case "output": {
      const pane = text(value["pane"]);
      const said = value["text"];
      if (!pane || !isPaneId(pane) || typeof said !== "string") return null;
      return { type: "output", pane, text: said.length > MAX_OUTPUT_TEXT ? said.slice(-MAX_OUTPUT_TEXT) : said };
    }
    case "output-ended": {
      const pane = text(value["pane"]);
      return pane && isPaneId(pane) ? { type: "output-ended", pane, why: text(value["why"], 512) } : null;
    }
    case "error":
      return { type: "error", error: text(value["error"]) ?? "the remote agentmux failed", hint: text(value["hint"]) };
    default:
      return null;
  }
}

/**
 * A feed's times moved onto this machine's clock: the remote's `now` is taken as the moment it
 * arrived here (a clock set differently there shifts nothing; the link's latency is within it).
 */
export function onLocalClock(feed: Extract<StreamLine, { type: "feed" }>, arrived: number): { sessions: SessionRow[]; inbox: InboxItem[] } {
  const shift = arrived - feed.now;
  const at = (t: number | null) => (t === null ? null : t + shift);
  return {
    sessions: feed.sessions.map((s) => ({ ...s, stateSince: at(s.stateSince), startedAt: at(s.startedAt) })),
    inbox: feed.inbox.map((i) => ({ ...i, since: i.since + shift })),
  };
}
