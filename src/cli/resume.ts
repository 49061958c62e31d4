import { resolve } from "node:path";
import type { Command } from "commander";
import { formatRow, rowJson } from "../lifecycle/conversation-rows.ts";
import { pastConversations } from "../lifecycle/conversations.ts";
import { listSessions } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { Context, printJson } from "./context.ts";
import { goTo, pickRow, rowById } from "./conversation-picker.ts";
import { requireControl } from "../control/gate.ts";
import { adoptServerHomes } from "../accounts/server-homes.ts";
import { err, joinShown, out, shown } from "../util/terminal-text.ts";

interface ResumeFlags { backend?: string; dir?: string; all?: boolean; last?: boolean; pick?: string; account?: string; json?: boolean; client?: string }

export function registerResume(program: Command): void {
  program
    .command("resume")
    .description("pick a past conversation of this directory (or every one) and resume it in a new window, under the account it ran under")
    .option("-b, --backend <name>", "only this backend's conversations (default: every backend agentmux can read)")
    .option("-d, --dir <dir>", "the directory whose conversations to list (default: the current one)")
    .option("--all", "conversations of every directory")
    .option("--last", "resume the newest without asking")
    .option("--pick <id>", "resume this conversation without asking")
    .option("-a, --account <name>", "only conversations that ran under this account")
    .option("--client <name>", "the tmux client to switch to a live one (the menu passes #{client_name})")
    .option("--json", "print the list as JSON (with --last or --pick: the result)")
    .action(async (options: ResumeFlags, command: Command) => {
      const ctx = Context.of(command);
      await adoptServerHomes(ctx.tmux);
      if (options.all && options.dir) throw new AgentmuxError("--all and --dir cannot be used together", { hint: "--all lists every directory; --dir one" });
      if (options.last && options.pick) throw new AgentmuxError("--last and --pick cannot be used together", { hint: "--last takes the newest; --pick the one named" });
      const dir = options.all ? null : resolve(options.dir ?? process.cwd());
      const sessions = await listSessions(ctx.tmux, { includeExited: true }).catch(() => []);
      const notes: string[] = [];
      const rows = pastConversations(ctx.config, { backend: options.backend, dir, account: options.account }, sessions, { notes });
      for (const note of new Set(notes)) err(shown`agentmux: ${note}\n`);
      const now = Date.now();
      const where = dir === null ? "any directory" : dir;
      if (options.last || options.pick !== undefined) {
        const row = options.pick !== undefined ? rowById(rows, options.pick) : rows[0];
        if (!row) throw new AgentmuxError(`no past conversation in ${where}`, { hint: dir === null ? "start one with agentmux new" : "pass --all for every directory, or --dir" });
        await requireControl(ctx, "resume");
        await goTo(ctx, row, sessions, options);
        return;
      }
      if (options.json) { printJson(rows.map(rowJson)); return; }
      if (rows.length === 0) { out(shown`no past conversation in ${where}\n`); return; }
      if (process.stdin.isTTY !== true || process.stderr.isTTY !== true) {
        out(shown`${joinShown(rows.map((r) => shown`${formatRow(r, now, { showBackend: true })}  ·  ${r.id}`))}\n`);
        return;
      }
      const chosen = await pickRow(`resume a conversation of ${where}`, rows, now, true);
      if (!chosen) return;
      await requireControl(ctx, "resume");
      await goTo(ctx, chosen, sessions, options);
    });
}
