import { join } from "node:path";
import { execa } from "execa";
import { isJsonObject } from "../util/json.ts";
import { installDir } from "../util/install-dir.ts";

/** `fresh`: the conversation had nothing to resume, so the session started a new one (why); `id` is then null. */
export type RestartOutcome = { ok: true; id: string | null; account: string; fresh?: string } | { ok: false; message: string };
export type RestartRunner = (pane: string, account: string) => Promise<RestartOutcome>;

/**
 * Restart a session in place under another account by running `agentmux restart PANE --account
 * NAME --json` against this daemon's tmux server: the same code path and checks as a user's
 * restart, its one-shot tmux commands and home sync kept out of the daemon's process.
 */
export function restartByChild(tmuxSocket: string, timeoutMs = 60_000): RestartRunner {
  return async (pane, account) => {
    const env = { ...process.env };
    // Not from inside a session: the restart is the daemon's own, not an agent's (no control check).
    for (const name of ["TMUX", "TMUX_PANE", "AGENTMUX_SESSION", "AGENTMUX_TOKEN"]) delete env[name];
    const cli = join(installDir(), "bin", "agentmux.js");
    const r = await execa(process.execPath, [cli, "-S", tmuxSocket, "restart", pane, "--account", account, "--json"], {
      env, extendEnv: false, reject: false, timeout: timeoutMs, stdin: "ignore",
    });
    if (r.exitCode === 0) {
      try {
        const answer: unknown = JSON.parse(String(r.stdout));
        if (isJsonObject(answer) && answer["ok"] === true && (typeof answer["id"] === "string" || typeof answer["fresh"] === "string")) {
          return {
            ok: true, id: typeof answer["id"] === "string" ? answer["id"] : null, account: typeof answer["account"] === "string" ? answer["account"] : account,
            ...(typeof answer["fresh"] === "string" ? { fresh: answer["fresh"] } : {}),
          };
        }
      } catch { /* reported below */ }
      return { ok: false, message: `agentmux restart answered ${String(r.stdout).slice(0, 200) || "nothing"}` };
    }
    // Under --json the CLI says why on stdout ({ok: false, error, hint}).
    let said: string | undefined;
    try {
      const answer: unknown = JSON.parse(String(r.stdout));
      if (isJsonObject(answer) && typeof answer["error"] === "string") said = `${answer["error"]}${typeof answer["hint"] === "string" ? ` (${answer["hint"]})` : ""}`;
    } catch { /* not JSON */ }
    const line = said ?? String(r.stderr).split("\n").find((l) => l.trim() !== "");
    const why = r.timedOut ? `agentmux restart did not finish within ${Math.round(timeoutMs / 1000)} s` : (line?.replace(/^agentmux: /, "") ?? `agentmux restart exited with ${r.exitCode ?? r.signal}`);
    return { ok: false, message: why };
  };
}
