import type { Command } from "commander";
import { formatRow, hasRelatives, rowJson } from "../lifecycle/conversation-rows.ts";
import { familyRows } from "../lifecycle/conversations.ts";
import { listSessions } from "../session/store.ts";
import { resolveTarget, targetOrCurrent } from "../session/target.ts";
import { Context, printJson } from "./context.ts";
import { goTo, pickRow, rowById } from "./conversation-picker.ts";
import { requireControl } from "../control/gate.ts";
import { adoptServerHomes } from "../accounts/server-homes.ts";
import { joinShown, out, shown } from "../util/terminal-text.ts";

interface BranchesFlags { json?: boolean; pick?: string; client?: string }

export function registerBranches(program: Command): void {
  program
    .command("branches")
    .description("every conversation sharing a fork ancestor with a session's, as a tree: pick one to switch to it (live) or resume it (past)")
    .argument("[target]", "pane id, display name or instance name (default: the current pane)")
    .option("--pick <id>", "go to this conversation without asking (a live one's pane, else resumed in a new window)")
    .option("--client <name>", "the tmux client to switch (the menu passes #{client_name})")
    .option("--json", "print the tree as JSON (with --pick: the result)")
    .action(async (target: string | undefined, options: BranchesFlags, command: Command) => {
      const ctx = Context.of(command);
      await adoptServerHomes(ctx.tmux);
      const sessions = await listSessions(ctx.tmux, { includeExited: true });
      const session = resolveTarget(targetOrCurrent(target, "branches"), sessions);
      const rows = familyRows(ctx.config, session, sessions);
      const now = Date.now();
      if (options.pick !== undefined) {
        await requireControl(ctx, "branches --pick");
        await goTo(ctx, rowById(rows, options.pick), sessions, options);
        return;
      }
      if (options.json) { printJson(rows.map(rowJson)); return; }
      if (!hasRelatives(rows)) {
        out(shown`${session.name} (${session.pane}) has no branches: no conversation shares a fork ancestor with it (agentmux branch forks one)\n`);
        return;
      }
      if (process.stdin.isTTY !== true || process.stderr.isTTY !== true) {
        out(shown`${joinShown(rows.map((r) => shown`${formatRow(r, now)}  ·  ${r.id}`))}\n`);
        return;
      }
      const chosen = await pickRow(`branches of ${session.name}`, rows, now, false);
      if (!chosen || chosen.current) return;
      await requireControl(ctx, "branches");
      await goTo(ctx, chosen, sessions, options);
    });
}
