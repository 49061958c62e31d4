import type { Command } from "commander";
import { request } from "../daemon/client.ts";
import { layoutFor } from "../daemon/start.ts";
import { explainSession } from "../control/explain.ts";
import { Context, printJson } from "./context.ts";
import { formatExplain, type Explained } from "./explain-format.ts";
import { targetOrCurrent } from "../session/target.ts";
import { block, out, shown } from "../util/terminal-text.ts";

export function registerExplain(program: Command): void {
  program
    .command("explain")
    .description("why a session is in its state: each channel's latest word, its age, and the rule that decided")
    .argument("[target]", "pane id, display name or instance name (default: the current pane)")
    .option("--json", "print the daemon's answer as JSON")
    .action(async (target: string | undefined, options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      const response = await explainSession(ctx, targetOrCurrent(target, "explain"));
      if (options.json) printJson(response);
      else out(shown`${block(formatExplain(response.name, response as unknown as Explained).join("\n"))}\n`);
    });
}

/** The daemon's decision for a live session, when a daemon runs (agentmux detect --explain adds it); null otherwise. */
export async function daemonExplain(ctx: Context, pane: string): Promise<Explained | null> {
  try {
    const layout = await layoutFor(ctx.tmux);
    const response = await request(layout.socket, { op: "explain", pane }, 2000);
    return response.ok ? (response as unknown as Explained) : null;
  } catch {
    return null;
  }
}
