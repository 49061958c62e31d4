import type { Command } from "commander";
import { request } from "../daemon/client.ts";
import { ensureDaemon } from "../daemon/start.ts";
import { findSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "./permission.ts";
import { targetOrCurrent } from "./restart.ts";

export function registerExit(program: Command): void {
  program
    .command("exit")
    .description("close a session after running its before-exit skills (config exit.skills); again: show how far they got")
    .argument("[target]", "pane id, display name or instance name (default: the current pane)")
    .option("--now", "close at once, without the before-exit skills")
    .option("--json", "print the result as JSON")
    .action(async (target: string | undefined, options: { now?: boolean; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      await requireControl(ctx, "exit");
      const session = await findSession(ctx.tmux, targetOrCurrent(target, "exit"), { includeExited: true });
      let answer: { result: string; state: string; already: boolean };
      if (session.dead && !session.window) {
        answer = { result: "closed", state: "it had exited and its pane is gone", already: true };
      } else if (session.dead) {
        // The process ended already (its pane kept to show why): only the pane is left to close.
        await ctx.tmux.killPane(session.pane);
        answer = { result: "closed", state: "its process had exited: the pane is removed", already: false };
      } else {
        const { layout } = await ensureDaemon(ctx.tmux);
        const response = await request(layout.socket, { op: "exit", pane: session.pane, now: options.now === true });
        if (!response.ok) throw new AgentmuxError(response.error, response.hint === undefined ? {} : { hint: response.hint });
        answer = { result: String(response["result"]), state: String(response["state"]), already: response["already"] === true };
      }
      if (options.json) printJson({ ok: true, pane: session.pane, name: session.name, ...answer });
      else if (answer.result === "closed") process.stdout.write(answer.already ? `${session.name} (${session.pane}) ${answer.state}: nothing to close\n` : `closed ${session.name} (${session.pane})\n`);
      else process.stdout.write(`exit ${session.name}${answer.already ? " is under way" : ""}: ${answer.state}\n`);
    });
}
