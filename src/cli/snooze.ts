import type { Command } from "commander";
import { callerSession } from "../session/caller.ts";
import { loadRoster, type RosterEntry } from "../session/roster.ts";
import { describeSnooze, parseHours, snoozeValue, SNOOZE_OPTION } from "../session/snooze.ts";
import { resolveTarget } from "../session/target.ts";
import { commandPromptArgs, menuArgs, promptSafe, runShell } from "../tmux/menu.ts";
import { AgentmuxError } from "../util/errors.ts";
import { shQuote } from "../util/sh.ts";
import { Context, printJson } from "./context.ts";
import { currentPane, selfCommand, tell } from "./on-client.ts";
import { requireControl } from "../control/gate.ts";

export interface SnoozeOptions { on?: boolean; off?: boolean; ask?: boolean; client?: string; json?: boolean }

/** TARGET and HOURS from one or two words: a lone word that names no session but reads as hours is hours. */
function splitArgs(roster: RosterEntry[], first: string | undefined, second: string | undefined): { target: string | undefined; hours: string | undefined } {
  if (second !== undefined || first === undefined) return { target: first, hours: second };
  const names = roster.some((s) => s.pane === first || s.name === first || s.instance === first);
  return !names && /^\s*\d*\.?\d+\s*$/.test(first) ? { target: undefined, hours: first } : { target: first, hours: undefined };
}

/** From a key binding: a snoozed session is woken; otherwise ask for the hours in the client's prompt; no session here: pick one. */
async function ask(ctx: Context, roster: RosterEntry[], session: RosterEntry | undefined, client: string): Promise<void> {
  const self = selfCommand(ctx);
  if (!session) {
    if (roster.length === 0) { await tell(ctx, client, "no agent sessions (start one with: agentmux new)"); return; }
    const items = roster.map((s) => ({ kind: "item" as const, label: `${s.name}${s.snoozed ? " (snoozed)" : ""}`, key: s.key, command: runShell(`${self} snooze --ask --client ${shQuote(client)} ${shQuote(s.pane)}`) }));
    await ctx.tmux.run(menuArgs({ title: "snooze which session?", client, items }));
    return;
  }
  if (session.snoozed) { await setSnooze(ctx, session, null, false, client); return; }
  const then = runShell(`${promptSafe(`${self} snooze --on --client ${shQuote(client)} ${shQuote(session.pane)}`)} '%%%'`);
  await ctx.tmux.run(commandPromptArgs({ client, prompt: `snooze ${session.name} for hours (blank: until undone):`, template: then }));
}

async function setSnooze(ctx: Context, s: RosterEntry, hours: number | null, on: boolean, client: string | undefined, json = false): Promise<void> {
  const value = snoozeValue(hours);
  if (on) await ctx.tmux.setOption({ pane: s.pane }, SNOOZE_OPTION, value);
  else await ctx.tmux.unsetOption({ pane: s.pane }, SNOOZE_OPTION);
  if (json) { printJson({ pane: s.pane, name: s.name, snoozed: on, until: on && hours !== null ? Number(value) : null }); return; }
  await tell(ctx, client, on ? `snoozed ${s.name} ${describeSnooze(hours)}` : `${s.name} is no longer snoozed`);
}

/** `agentmux snooze [TARGET] [HOURS]` (prefix Z runs it with --ask): the fast path calls it without commander. */
export async function runSnooze(ctx: Context, first: string | undefined, second: string | undefined, options: SnoozeOptions): Promise<void> {
  if (options.on && options.off) throw new AgentmuxError("--on and --off contradict each other", { hint: "give one, or neither to toggle" });
  // Who is asking, asked beside the roster (each a tmux process the key waits for); not at all when agents may drive sessions.
  const caller = ctx.config.control.enabled ? undefined : callerSession(ctx.tmux);
  const roster = await loadRoster(ctx.tmux, { backendSuffix: ctx.config.display.backendSuffix });
  const { target, hours: hoursText } = splitArgs(roster, first, second);
  const hours = parseHours(hoursText);
  const pane = target ?? (await currentPane(ctx, options.client, undefined));
  if (options.ask) {
    if (!options.client) throw new AgentmuxError("--ask needs --client", { hint: "key bindings pass --client '#{client_name}'" });
    await requireControl(ctx, "snooze", pane, caller);
    await ask(ctx, roster, roster.find((s) => s.pane === pane), options.client);
    return;
  }
  if (pane === undefined) throw new AgentmuxError("which session?", { hint: "name one (agentmux snooze TARGET [HOURS]), or run it inside a session's pane" });
  const session = resolveTarget(pane, roster);
  // An agent may set its own session aside; another session's alerts are the user's.
  await requireControl(ctx, "snooze", session.pane, caller);
  const on = options.on ? true : options.off ? false : !session.snoozed;
  await setSnooze(ctx, session, hours, on, options.client, options.json);
}

export function registerSnooze(program: Command): void {
  program
    .command("snooze")
    .description("set a session aside (toggles): it keeps its key, is listed last, skipped by next, and raises no alerts")
    .argument("[target]", "pane id, display name or instance name (default: the current pane's session)")
    .argument("[hours]", "end the snooze after this many hours (default: until undone); a waiting session then alerts")
    .option("--on", "snooze (or change the hours) even when already snoozed")
    .option("--off", "end the snooze")
    .option("--ask", "for key bindings: wake a snoozed session, else ask for the hours in the client's prompt")
    .option("--client <name>", "the tmux client for prompts and messages (key bindings pass #{client_name})")
    .option("--json", "print the result as JSON")
    .action((first: string | undefined, second: string | undefined, options: SnoozeOptions, command: Command) => runSnooze(Context.of(command), first, second, options));
}
