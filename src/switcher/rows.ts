import { stateGlyph } from "../core/ask.ts";
import type { RosterEntry } from "../session/roster.ts";
import { formatDuration } from "../util/duration.ts";
import { formatAge } from "../util/text.ts";

/** How a row is coloured: by state, except that a snoozed session is dim italic whatever its state. */
export type Tone = "blocked" | "waiting" | "background" | "unknown" | "exited" | "snoozed" | "plain";

/** One switcher row before layout: plain text cells (no escape codes, no tmux formats). */
export interface Row {
  pane: string;
  key: string;
  icon: string;
  name: string;
  account: string;
  annotation: string;
  /** Age of the state (12s, 2m); for a working session the turn's duration (⏱ 1m32s). */
  age: string;
  status: string;
  stale: boolean;
  tone: Tone;
  /** The state's glyph (stateGlyph): the state readable without colour. */
  glyph: string;
  /** What it wants or said (the daemon's Ask summary, one line); "" when nothing. */
  wants: string;
  /** When the state began (the inbox section's order: longest waiting first); null when unobserved. */
  since: number | null;
  /** A side conversation: its parent's pane (the row is nested under the parent's); "" or absent otherwise. */
  parent?: string;
  /** Another machine's session (docs/hosts.md): its host; its pane is HOST:PANE. Absent for this machine's. */
  host?: string;
}

export function toneOf(e: Pick<RosterEntry, "state" | "background" | "snoozed">): Tone {
  if (e.snoozed) return "snoozed";
  switch (e.state) {
    case "blocked": return "blocked";
    case "waiting": return e.background ? "background" : "waiting";
    case "unknown": return "unknown";
    case "exited": return "exited";
    default: return "plain";
  }
}

/** The age column: nothing for an unobserved state, the turn timer while working. */
export function ageOf(e: Pick<RosterEntry, "state" | "stateSince" | "turnStart">, now: number): string {
  if (e.state === "working") {
    const start = e.turnStart ?? e.stateSince;
    return start === null ? "" : `⏱ ${formatDuration(now - start)}`;
  }
  if (e.state === "unknown" || e.stateSince === null) return "";
  return formatAge(now - e.stateSince);
}

/** Collapse whitespace (newlines, tabs, runs of spaces) so no text can break a row. */
export function oneLine(text: string): string {
  return text.replace(/[\x00-\x1f\x7f-\x9f]+/g, " ").replace(/\s+/gu, " ").trim();
}

/** The icon of a session whose pane has none (launched by an older agentmux). */
const PLAIN_ICON = "▸";

/** `quota` (display.quota): the account's remaining quota, shown after its name ("work-a 62%"). */
export function toRow(e: RosterEntry, annotation: string, now: number, quota = ""): Row {
  return {
    pane: e.pane,
    key: e.key,
    icon: e.icon || PLAIN_ICON,
    name: oneLine(e.name),
    account: oneLine(quota && e.account ? `${e.account} ${quota}` : e.account),
    annotation: oneLine(annotation),
    age: ageOf(e, now),
    status: oneLine(e.status),
    stale: e.statusStale,
    tone: toneOf(e),
    glyph: stateGlyph(e.state, e.background),
    wants: oneLine(e.ask?.summary ?? ""),
    since: e.stateSince,
    parent: e.side ? e.parent : "",
  };
}

/**
 * The switcher's sections: "inbox", the sessions that wait on the user (blocked or waiting, not
 * snoozed); "rest", the others; "snoozed" last; then one per other machine ("host:NAME"), in the
 * order of the config.
 */
export type LocalSection = "inbox" | "rest" | "snoozed";
export type Section = LocalSection | `host:${string}`;

export function sectionOf(r: Pick<Row, "tone" | "host">): Section {
  if (r.host) return `host:${r.host}`;
  switch (r.tone) {
    case "blocked": case "waiting": case "background": return "inbox";
    case "snoozed": return "snoozed";
    default: return "rest";
  }
}

export const SECTIONS: readonly LocalSection[] = ["inbox", "rest", "snoozed"];

/** Most urgent first: blocked before waiting, then the longest waiting (unobserved last); ties keep key order. */
function byUrgency(a: Row, b: Row): number {
  const rank = (r: Row) => (r.tone === "blocked" ? 0 : 1);
  const since = (r: Row) => r.since ?? Number.MAX_SAFE_INTEGER;
  return rank(a) - rank(b) || since(a) - since(b);
}

/** What starts the name of a side conversation's row nested under its parent. */
export const NESTED_MARK = "└ ";

/** One section's order: a side conversation right after its parent when both are in it, its name indented. */
function nestSides(ordered: readonly Row[]): Row[] {
  const listed = new Set(ordered.map((r) => r.pane));
  const nested = (r: Row) => Boolean(r.parent) && r.parent !== r.pane && listed.has(r.parent ?? "");
  const out: Row[] = [];
  for (const r of ordered) {
    if (nested(r)) continue;
    out.push(r);
    for (const side of ordered) if (side.parent === r.pane && nested(side)) out.push({ ...side, name: `${NESTED_MARK}${side.name}` });
  }
  return out;
}

/**
 * The switcher's order, section by section (sectionOf): the inbox most urgent first, then the
 * rest in key order, then the snoozed sessions in key order. Within a section a side conversation
 * comes right after its parent, its name indented (one whose parent is elsewhere stays where it was).
 */
export function orderRows(rows: readonly Row[]): Row[] {
  const inbox = rows.filter((r) => sectionOf(r) === "inbox").sort(byUrgency);
  const hosts = [...new Set(rows.flatMap((r) => (r.host ? [r.host] : [])))];
  // Another machine's sessions: its own section, most urgent first, as the host's list has them otherwise.
  const needs = (r: Row) => sectionOf({ tone: r.tone }) === "inbox";
  const remote = hosts.flatMap((host) => {
    const there = rows.filter((r) => r.host === host);
    return [...there.filter(needs).sort(byUrgency), ...there.filter((r) => !needs(r))];
  });
  return [...nestSides(inbox), ...nestSides(rows.filter((r) => sectionOf(r) === "rest")), ...nestSides(rows.filter((r) => sectionOf(r) === "snoozed")), ...remote];
}
