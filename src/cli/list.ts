import type { Command } from "commander";
import { block, out, safeLine, shown } from "../util/terminal-text.ts";
import type { NamedSession } from "../session/store.ts";
import { listSessions } from "../session/store.ts";
import { formatAge } from "../util/text.ts";
import { secondsSince, sessionJson, type SessionRow } from "../session/json.ts";
import type { HostSnapshot } from "../hosts/snapshot.ts";
import { knownHosts } from "../hosts/read-known.ts";
import { Context, printJson } from "./context.ts";

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

/** A session of another host as `list --json` shows it: its host, and whether its data is current. */
export function remoteJson(row: SessionRow, s: HostSnapshot, now: number) {
  return { ...row, host: s.name, reachable: s.reachable, dataAge: secondsSince(s.lastDataAt, now) };
}

/** Rows of one group (or of every group when none is asked for). */
const ofGroup = (group: string | undefined) => (r: SessionRow) => group === undefined || r.group === group;

/** The table's rows for other hosts' sessions: HOST:PANE; a host unreachable says so, with the age of its data, instead of a state its sessions may have left. */
export function remoteRows(snapshots: readonly HostSnapshot[], now: number, group?: string): string[][] {
  const age = (from: number | null) => (from === null ? "-" : formatAge(now - from));
  return snapshots.flatMap((s) => s.sessions.filter(ofGroup(group)).map((r) => {
    const [state, since] = s.reachable ? [r.state ?? "unknown", age(r.stateSince)] : ["unreachable", s.lastDataAt === null ? "-" : `data ${age(s.lastDataAt)} old`];
    return [`${s.name}:${r.pane}`, r.name, r.backend, r.account ?? "-", state, since, r.dir, r.id ?? "-"];
  }));
}

/** `agentmux list` (from the menu): the fast path calls it without commander. */
export async function runList(ctx: Context, options: ListCommandOptions): Promise<void> {
  // Other machines' sessions, as this server's daemon last heard of them (no ssh is opened here),
  // read while tmux lists the panes here (the socket path it needs comes from the same questions).
  const [all, hosts] = await Promise.all([
    listSessions(ctx.tmux, { backendSuffix: ctx.config.display.backendSuffix, includeExited: true }),
    knownHosts(ctx.tmux, ctx.config.hosts),
  ]);
  const sessions = options.group === undefined ? all : all.filter((s) => s.group === options.group);
  const now = Date.now();
  if (options.json) {
    printJson([...sessions.map((s) => sessionJson(s, now)), ...hosts.flatMap((h) => h.sessions.filter(ofGroup(options.group)).map((r) => remoteJson(r, h, now)))]);
    return;
  }
  const remote = remoteRows(hosts, now, options.group);
  if (sessions.length === 0 && remote.length === 0) {
    out(options.group === undefined ? shown`no agent sessions (start one with: agentmux new)\n` : shown`no sessions in group ${options.group}\n`);
    return;
  }
  out(shown`${block(formatTable([...listRows(sessions, now), ...remote]))}\n`);
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
