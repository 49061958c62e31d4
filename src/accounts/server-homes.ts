import type { Tmux } from "../tmux/tmux.ts";
import { ACCOUNT_BACKENDS, HOME_FACTS } from "../backends/account-homes.ts";

type Env = Record<string, string | undefined>;

/**
 * The variables naming each CLI's home (CLAUDE_CONFIG_DIR, CODEX_HOME) as the tmux server hands
 * them to new panes, over env. Agents agentmux starts run with the server's environment, not the
 * environment of the command that started them, so their conversations are where the server's
 * variables point: verbs that read conversations (branch, branches, resume, side) look there.
 * A server that cannot be asked leaves env as it is.
 */
export async function serverHomes(tmux: Tmux, env: Env = process.env): Promise<Env> {
  let server: Map<string, string | null>;
  try { server = await tmux.globalEnvironment(); } catch { return env; }
  const out: Env = { ...env };
  for (const backend of ACCOUNT_BACKENDS) {
    const name = HOME_FACTS[backend].variable;
    if (!server.has(name)) continue;
    const value = server.get(name);
    if (value === null || value === undefined) delete out[name];
    else out[name] = value;
  }
  return out;
}

/** serverHomes, taken into this process's environment (the history readers default to it). */
export async function adoptServerHomes(tmux: Tmux): Promise<void> {
  const homes = await serverHomes(tmux);
  for (const backend of ACCOUNT_BACKENDS) {
    const name = HOME_FACTS[backend].variable;
    if (homes[name] === undefined) delete process.env[name];
    else process.env[name] = homes[name];
  }
}
