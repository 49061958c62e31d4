import type { Command } from "commander";
import { nextNeedingYou } from "../session/next.ts";
import { loadRoster } from "../session/roster.ts";
import { AgentmuxError } from "../util/errors.ts";
import { Context, printJson } from "./context.ts";
import { currentPane, jumpTo, tell } from "./on-client.ts";

export interface NextOptions { client?: string; from?: string; json?: boolean }

/** `agentmux next` (prefix B): the fast path calls it without commander. */
export async function runNext(ctx: Context, options: NextOptions): Promise<void> {
  const roster = await loadRoster(ctx.tmux, { backendSuffix: ctx.config.display.backendSuffix });
  const from = await currentPane(ctx, options.client, options.from);
  const target = nextNeedingYou(roster, from);
  if (!target) {
    const snoozed = roster.filter((s) => s.snoozed && (s.state === "waiting" || s.state === "blocked")).length;
    const text = `no session is waiting for you${snoozed > 0 ? ` (${snoozed} snoozed)` : ""}`;
    if (options.client) { await tell(ctx, options.client, text); return; }
    throw new AgentmuxError(text, { hint: "agentmux list shows every session's state" });
  }
  await jumpTo(ctx, target.pane, options.client);
  if (options.json) printJson({ pane: target.pane, name: target.name, key: target.key || null, state: target.state });
  else if (!options.client) process.stdout.write(`${target.name} (${target.pane}) ${target.state}\n`);
}

export function registerNext(program: Command): void {
  program
    .command("next")
    .description("jump to the next session waiting for you (waiting or blocked), in key order, wrapping; snoozed ones are skipped")
    .option("--client <name>", "the tmux client to switch; messages go to its status line (key bindings pass #{client_name})")
    .option("--from <pane>", "count from this pane (default: the client's current pane, or $TMUX_PANE)")
    .option("--json", "print the session jumped to as JSON")
    .action((options: NextOptions, command: Command) => runNext(Context.of(command), options));
}
