/**
 * What the chief is told (pure). The standing instruction goes where the CLI takes a system
 * prompt (Claude --append-system-prompt, Codex's developer instructions), never into the visible
 * transcript; the kickoff only asks for today's plan; each heartbeat carries the time, the state
 * and the context, and asks for exactly "No nudge." or "Nudge: MESSAGE".
 */
export const SYSTEM_PROMPT = [
  "You are the user's chief of staff, run by agentmux. Every so often you receive a heartbeat with the time, the user's state file (their day plan and notes) and context lines.",
  "Your job is to be selective: contact the user only when something in the supplied plan, notes or context calls for their attention now (a commitment due, a conflict, something they asked to be reminded of).",
  "Never invent obligations, deadlines or facts that are not in the supplied context. Plans dated before today are history, not obligations, unless today's plan restates them.",
  "To a heartbeat, answer with exactly one line: `No nudge.` when no contact is warranted, or `Nudge: MESSAGE` with one short sentence for the user. Between heartbeats, the user may talk with you normally.",
].join("\n");

/** The first prompt of a chief session: a short conversational kickoff, nothing else. */
export const KICKOFF = "You are my chief of staff for today. Ask me for today's plan.";

/** The line that begins every heartbeat: how its answer is found in the transcript. */
export function heartbeatMarker(at: Date): string {
  return `[agentmux chief heartbeat ${at.toISOString()}]`;
}

/** Pure: the state and context block given to the model on a tick. */
export function contextBlock(now: Date, state: string, context: string[]): string {
  const parts = [`Now: ${now.toString()}`];
  parts.push(state ? `State file:\n${state}` : "State file: (empty: no plan or notes yet)");
  if (context.length > 0) parts.push(`Context:\n${context.join("\n")}`);
  return parts.join("\n\n");
}

/** Pure: a heartbeat prompt for the chief session. */
export function heartbeatPrompt(marker: string, block: string): string {
  return `${marker}\n${block}\n\nAnswer with exactly one line: No nudge. or Nudge: MESSAGE`;
}

/** Pure: the prompt of a stateless tick: the instruction, the context, and the JSON contract. */
export function statelessPrompt(system: string, block: string, recordState: boolean): string {
  const fields = recordState
    ? '{"notify": true or false, "message": "one short sentence for the user, or empty", "state_update": "a line to append to the state file, or empty"}'
    : '{"notify": true or false, "message": "one short sentence for the user, or empty"}';
  return `${system}\n\n${block}\n\nDecide whether to contact the user now. Answer with one JSON object and nothing after it:\n${fields}`;
}

/** Pure: what `chief note` and `chief plan` submit into a live chief session. */
export function contextUpdate(kind: "note" | "plan", text: string): string {
  return kind === "plan" ? `Today's plan (also saved to my state file):\n${text}` : `A note for you (also saved to my state file):\n${text}`;
}
