import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import type { TestServer } from "../helpers/tmux-server.ts";

/** The real CLIs are slow to start on a loaded machine. */
export const LONG = 30_000;

/** A session's screen through `agentmux read`. */
export async function read(s: TestServer, target: string): Promise<string> {
  const r = await s.cli(["read", target]);
  assert.equal(r.exitCode, 0, String(r.stderr));
  return String(r.stdout);
}

/** Wait until `agentmux read` shows the pattern; the error carries the last screen. */
export async function waitForRead(s: TestServer, target: string, pattern: RegExp, timeoutMs = LONG): Promise<string> {
  let screen = "";
  await s.waitFor(`${pattern} in agentmux read ${target}`, async () => pattern.test((screen = await read(s, target))), timeoutMs)
    .catch((e: Error) => { throw new Error(`${e.message}; screen was:\n${screen}`); });
  return screen;
}

/** Every transition the daemon made for a pane, from its log (a fast turn can be over before a poll sees it). */
export async function transitions(s: TestServer, target: string): Promise<string[]> {
  const logs = String((await s.cli(["daemon", "logs", "-n", "2000"])).stdout);
  return logs.split("\n").map((l) => new RegExp(` ${target} ([a-z+]+)$`).exec(l)?.[1]).filter((x): x is string => x !== undefined);
}

/** One event the daemon took, as its journal (AGENTMUX_EVENT_LOG) records it. */
export interface Journaled { pane: string; event: string; result: string }

/** A pane's events in the daemon's journal file, and a wait for some of them whose error says what the journal had. */
export function journalOf(file: () => string, timeoutMs = LONG) {
  const events = (target: string): Journaled[] => existsSync(file())
    ? readFileSync(file(), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Journaled).filter((e) => e.pane === target) : [];
  const waitForEvents = (s: TestServer, target: string, wanted: string[]) => s.waitFor(`events ${wanted.join(", ")} from ${target}`, () => wanted.every((w) => events(target).some((e) => e.event === w)), timeoutMs)
    .catch((e: Error) => { throw new Error(`${e.message}; journal had: ${events(target).map((j) => j.event).join(", ") || "nothing"}`); });
  return { events, waitForEvents };
}

