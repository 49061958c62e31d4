import type { Command } from "commander";
import { block, out, safeLine, shown } from "../util/terminal-text.ts";
import type { NamedSession } from "../session/store.ts";
import { listSessions } from "../session/store.ts";
import { formatAge } from "../util/text.ts";
import { Context, printJson } from "./context.ts";

const seconds = (from: number | null, now: number): number | null => (from === null ? null : Math.max(0, Math.round((now - from) / 1000)));

/**
 * The stable JSON shape of one session; scripts rely on these keys (new ones are added, none
 * renamed). stateSince/stateAge: when the current state began (epoch ms) and for how long (s);
 * startedAt/age: when the session started (epoch ms) and for how long (s).
 */
export function sessionJson(s: NamedSession, now = Date.now()) {
  return {
    pane: s.pane,
    backend: s.backend,
    account: s.account || null,
    dir: s.dir,
    instance: s.instance || null,
    name: s.name,
    id: s.id || null,
    state: s.state === "unknown" ? null : s.state,
    /** Waiting with background work still running (the inbox's ◍). */
    background: s.background,
    stateSince: s.stateSince,
    age: seconds(s.startedAt, now),
    group: s.group || null,
    /** A side conversation's parent pane; forkedFrom: the native id a branch or side was forked from. */
    parent: s.parent || null,
    forkedFrom: s.forkedFrom || null,
    side: s.side !== "",
    title: s.title,
    exitStatus: s.deadStatus,
    stateAge: seconds(s.stateSince, now),
    startedAt: s.startedAt,
  };
}

export function formatTable(rows: string[][]): string {
  // Each cell one safe line: a name with a newline forges no row, an escape moves nothing.
  const safe = rows.map((r) => r.map((cell) => safeLine(cell)));
  const widths = safe[0]?.map((_, i) => Math.max(...safe.map((r) => [...(r[i] ?? "")].length))) ?? [];
  return safe.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join("  ").trimEnd()).join("\n");
}

/**
 * The table: IN STATE is how long each session has been in its state (what a user asks of a
 * waiting one); the session's own age is in --json (age, startedAt).
 */
export function listRows(sessions: NamedSession[], now: number): string[][] {
  const rows = [["PANE", "NAME", "BACKEND", "ACCOUNT", "STATE", "IN STATE", "DIR", "ID"]];
  for (const s of sessions) {
    rows.push([s.pane, s.name, s.backend, s.account || "-", s.state, s.stateSince === null ? "-" : formatAge(now - s.stateSince), s.dir, s.id || "-"]);
  }
  return rows;
}

export interface ListCommandOptions { json?: boolean; group?: string }

/** `agentmux list` (from the menu): the fast path calls it without commander. */
export async function runList(ctx: Context, options: ListCommandOptions): Promise<void> {
  const all = await listSessions(ctx.tmux, { backendSuffix: ctx.config.display.backendSuffix, includeExited: true });
  const sessions = options.group === undefined ? all : all.filter((s) => s.group === options.group);
  const now = Date.now();
  if (options.json) { printJson(sessions.map((s) => sessionJson(s, now))); return; }
  if (sessions.length === 0) {
    out(options.group === undefined ? shown`no agent sessions (start one with: agentmux new)\n` : shown`no sessions in group ${options.group}\n`);
    return;
  }
  out(shown`${block(formatTable(listRows(sessions, now)))}\n`);
}

export function registerList(program: Command): void {
  program
    .command("list")
    .alias("ls")
    .description("list every agent session on the tmux server")
    .option("-g, --group <group>", "only the sessions of this group")
    .option("--json", "print a JSON array")
    .action((options: ListCommandOptions, command: Command) => runList(Context.of(command), options));
}
