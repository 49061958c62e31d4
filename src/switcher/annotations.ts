import { existsSync } from "node:fs";
import { runShellCommand } from "../util/sh-run.ts";
import type { RosterEntry } from "../session/roster.ts";
import { oneLine } from "./rows.ts";
import { LIMITS, limiter, mapLimited } from "../util/limit.ts";

/** The first answer that has more than whitespace, collapsed to one line; "" when none has. */
export function firstAnswer(answers: ReadonlyArray<string | null>): string {
  for (const answer of answers) {
    const line = oneLine(answer ?? "");
    if (line !== "") return line;
  }
  return "";
}

/** What a provider command is told about the session: its environment, and the pane id as $1. */
export function providerEnv(e: RosterEntry): Record<string, string> {
  return {
    AGENTMUX_SESSION: e.pane,
    AGENTMUX_SESSION_NAME: e.name,
    AGENTMUX_SESSION_DIR: e.dir,
    AGENTMUX_SESSION_ID: e.id,
    AGENTMUX_BACKEND: e.backend,
    AGENTMUX_ACCOUNT: e.account,
    AGENTMUX_STATE: e.state,
  };
}

/** Run one provider; a failure, a timeout or no output is null (never an error in the list). */
async function runProvider(command: string, e: RosterEntry, timeoutMs: number): Promise<string | null> {
  const ran = await runShellCommand(command, { args: [e.pane], cwd: e.dir && existsSync(e.dir) ? e.dir : undefined, env: { ...process.env, ...providerEnv(e) }, timeoutMs, maxBuffer: 64 * 1024 });
  return ran.ok ? ran.stdout : null;
}

const providers = limiter(LIMITS.annotations);

/**
 * Annotations from the commands in config switcher.annotations, tried in order for each session
 * (sessions in parallel, LIMITS.annotations commands at once); the first non-empty answer wins and the later commands are not run.
 */
export async function annotate(entries: readonly RosterEntry[], commands: readonly string[], timeoutMs = 2000): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (commands.length === 0) return result;
  // One queue for every pass: at most LIMITS.annotations processes at any moment (docs/limits.md).
  await mapLimited(entries, providers, async (e) => {
    for (const command of commands) {
      const line = firstAnswer([await runProvider(command, e, timeoutMs)]);
      if (line !== "") { result.set(e.pane, line); return; }
    }
  });
  return result;
}

/** stats.command for one session: the first line it prints (trimmed), or nothing on a failure or timeout. */
export async function statsLine(command: string, e: RosterEntry, timeoutMs = 2000): Promise<string> {
  const out = await runProvider(command, e, timeoutMs);
  return (out ?? "").split("\n").map((l) => l.trim()).find((l) => l !== "") ?? "";
}
