import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestServer } from "../helpers/tmux-server.ts";
import { LONG } from "./harness.ts";

/**
 * The situation matrix's assertions: every state the daemon reported for a pane (its log line
 * `<pane> <state>[+background]`) and every notification it sent (`notify: <name> …`) since a
 * mark, compared whole: a state in between (a flap) or one notification too many fails.
 */

export interface Mark { states: number; notes: number }
export interface Seen { states: string[]; notes: string[] }

async function logLines(s: TestServer): Promise<string[]> {
  const r = await s.cli(["daemon", "logs", "-n", "100000"]);
  return String(r.stdout).split("\n");
}

const stateRe = (pane: string) => new RegExp(` ${pane} ([a-z]+(?:\\+background)?)$`);

/** Everything the log says about one session (by pane id and by the name notifications give it), before a time. */
export async function seen(s: TestServer, pane: string, name: string, before = Infinity): Promise<Seen> {
  const lines = (await logLines(s)).filter((l) => Date.parse(l.slice(0, l.indexOf(" "))) < before);
  const re = stateRe(pane);
  const states = lines.map((l) => re.exec(l)?.[1]).filter((x): x is string => x !== undefined);
  const prefix = ` notify: ${name} `;
  const notes = lines.filter((l) => l.includes(prefix)).map((l) => l.slice(l.indexOf(prefix) + prefix.length));
  return { states, notes };
}

/** What was logged before now (the log is read later: what came in meanwhile is after the mark). */
export async function mark(s: TestServer, pane: string, name: string): Promise<Mark> {
  const now = await seen(s, pane, name, Date.now());
  return { states: now.states.length, notes: now.notes.length };
}

export async function since(s: TestServer, pane: string, name: string, from: Mark, before = Infinity): Promise<Seen> {
  const now = await seen(s, pane, name, before);
  return { states: now.states.slice(from.states), notes: now.notes.slice(from.notes) };
}

/** `agentmux explain` and the screen, for a failure message. */
export async function evidence(s: TestServer, pane: string): Promise<string> {
  const explain = await s.cli(["explain", pane]);
  const screen = (await s.capture(pane).catch(() => "(no pane)")).split("\n").filter((l) => l.trim()).slice(-25).join("\n");
  return `explain ${pane}:\n${String(explain.stdout)}${String(explain.stderr)}\nscreen:\n${screen}`;
}

export interface Expect {
  /** The states reported since the mark, in order, nothing else. */
  states: string[];
  /** One pattern per notification since the mark, in order. */
  notes: RegExp[];
  /** After the last state is reached, watch this long more for a flap. */
  quietMs?: number;
  /** Count only what was logged before this time (ms since the epoch). */
  before?: number;
  timeoutMs?: number;
}

/**
 * Wait until as many states as expected were reported since the mark (or the timeout), watch
 * quietMs more, then compare the whole sequence and the notifications.
 */
export async function expectSeen(s: TestServer, pane: string, name: string, from: Mark, want: Expect): Promise<Seen> {
  let got: Seen = { states: [], notes: [] };
  await s.waitFor(`${want.states.join(" → ")} for ${pane}`, async () => {
    got = await since(s, pane, name, from);
    return got.states.length >= want.states.length && got.notes.length >= want.notes.length;
  }, want.timeoutMs ?? LONG).catch(() => undefined);
  if (want.quietMs) await new Promise((r) => setTimeout(r, want.quietMs));
  got = await since(s, pane, name, from, want.before);
  const notesOk = got.notes.length === want.notes.length && want.notes.every((re, i) => re.test(got.notes[i] ?? ""));
  if (JSON.stringify(got.states) !== JSON.stringify(want.states) || !notesOk) {
    assert.fail(`${pane} (${name}): states ${got.states.join(" → ") || "(none)"}, expected ${want.states.join(" → ")}; `
      + `notifications ${JSON.stringify(got.notes)}, expected ${want.notes.map(String).join(", ") || "none"}\n${await evidence(s, pane)}`);
  }
  return got;
}

/** The agent CLI's own process in a pane (the pane's process, or the descendant named like the CLI). */
export async function agentPid(s: TestServer, pane: string, comm: RegExp): Promise<number> {
  const root = Number(String((await s.tmux(["display-message", "-p", "-t", pane, "#{pane_pid}"])).stdout).trim());
  const table = execFileSync("ps", ["-e", "-o", "pid=,ppid=,comm="], { encoding: "utf8" }).split("\n")
    .map((l) => l.trim().split(/\s+/)).filter((f) => f.length >= 3).map(([pid, ppid, c]) => ({ pid: Number(pid), ppid: Number(ppid), comm: c ?? "" }));
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const p of table) if (p.ppid === tree[i]) tree.push(p.pid);
  return table.find((p) => tree.includes(p.pid) && comm.test(p.comm))?.pid ?? root;
}

/** Open and close a few panes so that the sessions get ids above %10. */
export async function burnPaneIds(s: TestServer, count = 10): Promise<void> {
  for (let i = 0; i < count; i++) {
    const r = await s.tmux(["split-window", "-d", "-P", "-F", "#{pane_id}", "-t", "base", "sleep 60"]);
    await s.tmux(["kill-pane", "-t", String(r.stdout).trim()]);
  }
}

/** The pane's state as tmux shows it, or gone. */
export async function paneState(s: TestServer, pane: string): Promise<string> {
  const panes = String((await s.tmux(["list-panes", "-a", "-F", "#{pane_id} #{pane_dead}:#{pane_dead_status}"])).stdout);
  return new RegExp(`^${pane} (.*)$`, "m").exec(panes)?.[1] ?? "gone";
}

/** Keep the daemon's log (AGENTMUX_MATRIX_LOGS=DIR) for a look after the run: the server's home is removed. */
export async function keepLog(s: TestServer, name: string): Promise<void> {
  const dir = process.env["AGENTMUX_MATRIX_LOGS"];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}-daemon.log`), (await logLines(s)).join("\n"));
}

/** agentmux ARGS, which must succeed. */
export async function cli(s: TestServer, ...args: string[]): Promise<string> {
  const r = await s.cli(args);
  assert.equal(r.exitCode, 0, `agentmux ${args.join(" ")}: ${String(r.stderr)}`);
  return String(r.stdout);
}

/** A new session (pane id above %10); its notifications are named DIR:INSTANCE. */
export async function startSession(s: TestServer, backend: string, dir: string, instance: string): Promise<{ pane: string; name: string }> {
  const pane = (await cli(s, "new", "--backend", backend, "--dir", dir, "--instance", instance)).trim();
  assert.match(pane, /^%\d\d+$/);
  return { pane, name: `${dir.split("/").pop() ?? ""}:${instance}` };
}

/** `agentmux restart` of a session whose pane closed: it resumes ID in a new pane, which it returns. */
export async function restartExited(s: TestServer, pane: string, id: string): Promise<string> {
  const list = JSON.parse(await cli(s, "list", "--json")) as Array<Record<string, unknown>>;
  assert.equal(list.find((e) => e["pane"] === pane)?.["state"], "exited", `list shows ${pane} as exited`);
  const out = await cli(s, "restart", pane);
  assert.match(out, new RegExp(`resuming ${id}`));
  const next = /\((%\d+)\)/.exec(out)?.[1] ?? "";
  assert.match(next, /^%\d+$/, out);
  return next;
}
