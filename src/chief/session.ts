import { getBackend, promptLineOf } from "../backends/index.ts";
import type { Config } from "../config/config.ts";
import { tellTyped } from "../daemon/typed-client.ts";
import { startSession } from "../lifecycle/start-session.ts";
import { prepareLaunch } from "../session/launch.ts";
import { DraftInTheWay, sendText } from "../session/send.ts";
import { listSessions, type NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { checkChiefBackend, chiefDirectory, chiefStateFile } from "./places.ts";
import { contextUpdate, KICKOFF, SYSTEM_PROMPT } from "./prompts.ts";
import { appendEntry } from "./state-file.ts";

/** The live chief session on this server: chief.backend with the chief's instance name; null when none. */
export async function findChief(tmux: Tmux, config: Config): Promise<NamedSession | null> {
  const { backend, instance } = config.chief;
  return (await listSessions(tmux)).find((s) => s.backend === backend && s.instance === instance && s.state !== "exited" && !s.dead) ?? null;
}

/**
 * The chief session, started when there is none: chief.backend in the chief's directory, the
 * standing instruction where the CLI takes a system prompt, and only the kickoff (asking for
 * today's plan) as its first prompt.
 */
export async function ensureChief(tmux: Tmux, config: Config, warn: (text: string) => void): Promise<{ session: Pick<NamedSession, "pane" | "backend">; started: boolean }> {
  checkChiefBackend(config, "session");
  const live = await findChief(tmux, config);
  if (live) return { session: live, started: false };
  const backend = getBackend(config.chief.backend);
  const system = config.chief.systemPrompt || SYSTEM_PROMPT;
  const request = {
    backend: backend.name, dir: chiefDirectory(config), instance: config.chief.instance, prompt: KICKOFF, submit: true, split: false,
    extraArgs: backend.systemPromptArgs ? backend.systemPromptArgs(system) : [],
  };
  const prepared = prepareLaunch(request, config);
  const launched = await startSession(tmux, request, prepared, warn);
  return { session: { pane: launched.pane, backend: backend.name }, started: true };
}

/**
 * `chief note` and `chief plan`: appended to the state file (the record that counts), then
 * submitted into a live chief session that waits. Answers what became of the submission.
 */
export async function addToChief(tmux: Tmux, config: Config, kind: "note" | "plan", text: string): Promise<{ file: string; submitted: string }> {
  const file = chiefStateFile(config);
  appendEntry(file, kind, text);
  const chief = await findChief(tmux, config);
  if (!chief) return { file, submitted: "no chief session is running" };
  if (chief.state !== "waiting" && chief.state !== "idle") return { file, submitted: `the chief session (${chief.pane}) is ${chief.state}: not submitted, it reads the state file at the next heartbeat` };
  const at = Date.now();
  try {
    await sendText(tmux, chief.pane, contextUpdate(kind, text), { enter: true, promptLine: promptLineOf(chief.backend), label: `chief (${chief.pane})` });
  } catch (error) {
    if (error instanceof DraftInTheWay) return { file, submitted: `${error.message}: not submitted` };
    throw error;
  }
  await tellTyped(tmux, chief.pane, "submit", at);
  return { file, submitted: `submitted to the chief session (${chief.pane})` };
}
