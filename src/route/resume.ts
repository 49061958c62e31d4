import { accountHomes } from "../accounts/home-env.ts";
import { BACKEND_NAMES, getBackend, isBackendName } from "../backends/index.ts";
import type { Config } from "../config/config.ts";
import { livePaneOf, recordedAccounts } from "../lifecycle/conversations.ts";
import type { ConversationRow } from "../lifecycle/conversation-rows.ts";
import type { NamedSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import type { Extractor, ResumeTarget, Thing } from "./context.ts";

/** Pure: the session a backend's resume line (Backend.resumeLine) in the text names, or null. */
export function resumeLine(text: string): ResumeTarget | null {
  for (const backend of BACKEND_NAMES) {
    const id = getBackend(backend).resumeLine?.exec(text)?.[1];
    if (id && id !== "--last") return { kind: "resume line", resume: true, backend, id };
  }
  return null;
}

/**
 * I/O: the conversation the line names, as resume lists it: the live pane holding it, else where
 * its transcript says it ran and the account whose home holds it. An id with no transcript throws.
 */
export function resumeRow(config: Config, target: ResumeTarget, sessions: readonly NamedSession[], env: Record<string, string | undefined> = process.env): ConversationRow {
  const live = livePaneOf(sessions, target.backend, target.id);
  const backend = isBackendName(target.backend) ? getBackend(target.backend) : undefined;
  const base = { id: target.id, backend: target.backend, current: false, depth: 0, gone: false };
  if (live) {
    const session = sessions.find((s) => s.pane === live);
    return { ...base, account: session?.account ?? "", dir: session?.dir ?? "", firstPrompt: "", time: null, livePane: live };
  }
  if (!backend?.history) throw new AgentmuxError(`agentmux cannot read ${target.backend}'s conversations`, { hint: `resume it with the CLI itself` });
  const recorded = recordedAccounts(sessions).get(`${target.backend}\0${target.id}`);
  const homes = accountHomes(config, target.backend, env);
  const ordered = recorded === undefined ? homes : [...homes.filter((h) => h.account === recorded), ...homes.filter((h) => h.account !== recorded)];
  for (const home of ordered) {
    const header = backend.history.find(target.id, { dir: null, since: null, env: home.env });
    if (!header) continue;
    return { ...base, account: recorded ?? home.account, dir: header.dir, firstPrompt: header.firstPrompt, time: header.updatedAt, livePane: null };
  }
  throw new AgentmuxError(`no ${backend.label} transcript records session ${target.id}`, {
    hint: `check the id; agentmux looked in the home of every configured ${target.backend} account and the CLI's own`,
  });
}

export const resume: Extractor = {
  kind: "resume line (claude --resume ID, codex resume ID)",
  matches: (thing: Thing) => resumeLine(thing.text) !== null,
  async extract(thing: Thing): Promise<ResumeTarget> {
    const target = resumeLine(thing.text);
    if (!target) throw new Error("no resume line");
    return target;
  },
};
