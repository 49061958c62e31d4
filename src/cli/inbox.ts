import type { Command } from "commander";
import { fetchInbox } from "../daemon/inbox-client.ts";
import { openInbox } from "../inbox/open.ts";
import type { TmuxServer } from "../tmux/server.ts";
import { Tmux } from "../tmux/tmux.ts";
import { Context, printJson } from "./context.ts";
import { configuredContext } from "./fast-verbs/run.ts";

export interface InboxOptions { json?: boolean; client?: string }

/** `agentmux inbox`: --json prints the daemon's list; at a terminal, the popup. The fast path calls it without commander. */
export async function runInbox(server: TmuxServer, options: InboxOptions, tmux = new Tmux(server)): Promise<void> {
  if (options.json) { printJson(await fetchInbox(tmux)); return; }
  await openInbox({ tmux, server, client: options.client, hosts: async () => (await configuredContext(server)).config.hosts });
}

/** The commander form of `agentmux inbox` (for --help; bin/agentmux.js usually takes the fast path). */
export function registerInbox(program: Command): void {
  program
    .command("inbox")
    .description("the sessions that need you, most urgent first, answered in place: a digit picks an option, y/n approve or deny, r replies, Enter goes there, z snoozes")
    .option("--json", "print the list (pane, name, state, since, what it asks: kind, text, options) as JSON")
    .option("--client <name>", "the tmux client Enter switches (the popup binding passes #{client_name})")
    .action(async (options: InboxOptions, command: Command) => {
      const ctx = Context.of(command);
      await runInbox(ctx.server, options, ctx.tmux);
    });
}
