import type { Command } from "commander";
import { adoptServerHomes } from "../accounts/server-homes.ts";
import { ensureDaemon } from "../daemon/start.ts";
import { findRestorable, restoreAll, type Candidate, type Outcome } from "../lifecycle/restore.ts";
import { AgentmuxError } from "../util/errors.ts";
import { confirm } from "./confirm.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";
import { block, out, shown, warn } from "../util/terminal-text.ts";

/** One line per recorded session: what it is and where it ran. */
export function describeCandidate(c: Candidate): string {
  const name = c.entry.label || `${c.entry.dir}${c.entry.instance ? `:${c.entry.instance}` : ""}`;
  return `${c.entry.backend} ${c.entry.id} ${name}${c.entry.account ? ` (account ${c.entry.account})` : ""}${c.live ? " [live]" : ""}${c.entry.error ? ` [last failure: ${c.entry.error}]` : ""}`;
}

function report(outcomes: Outcome[]): string {
  return outcomes.map((o) => o.skipped ? `skipped (already live): ${describeCandidate(o.candidate)}`
    : o.pane && o.fresh ? `started ${o.candidate.entry.backend} fresh in ${o.pane} (${o.candidate.entry.dir}): ${o.fresh}, so there was nothing to resume`
    : o.pane ? `restored ${o.candidate.entry.backend} ${o.candidate.entry.id} in ${o.pane}`
      : `failed ${o.candidate.entry.backend} ${o.candidate.entry.id}: ${o.error ?? ""}`).join("\n");
}

export function registerRestore(program: Command): void {
  program
    .command("restore")
    .description("resume the sessions of a tmux server that died (asks per session; --all resumes every one)")
    .option("--all", "resume every restorable session without asking")
    .option("--json", "print the result as JSON")
    .action(async (options: { all?: boolean; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      await requireControl(ctx, "restore");
      if (!(await ctx.tmux.hasServer())) {
        throw new AgentmuxError("no tmux server is running to restore into", { hint: "start tmux first (tmux new -s agents), then run agentmux restore" });
      }
      // Conversations are looked for where the server's panes keep them (resumable.ts).
      await adoptServerHomes(ctx.tmux);
      const found = await findRestorable(ctx.tmux);
      const interactive = !options.all && process.stdin.isTTY === true && !options.json;
      if (!options.all && !interactive) {
        if (options.json) printJson({ ok: true, restorable: found.candidates.map((c) => ({ ...c.entry, live: c.live })) });
        else if (found.candidates.length === 0) out(shown`nothing to restore\n`);
        else out(shown`${block(found.candidates.map(describeCandidate).join("\n"))}\n(resume them with: agentmux restore --all)\n`);
        return;
      }
      if (found.candidates.length > 0) await ensureDaemon(ctx.tmux).catch((error: Error) => warn(error.message));
      const choose = options.all ? async () => true : (c: Candidate) => confirm(`restore ${describeCandidate(c)}?`);
      const outcomes = await restoreAll(ctx.tmux, ctx.config, found, choose);
      const failed = outcomes.filter((o) => o.error !== undefined);
      if (options.json) {
        printJson({
          ok: failed.length === 0,
          restored: outcomes.filter((o) => o.pane).map((o) => ({ ...o.candidate.entry, pane: o.pane, fresh: o.fresh ?? null })),
          skipped: outcomes.filter((o) => o.skipped).map((o) => o.candidate.entry),
          failed: failed.map((o) => ({ ...o.candidate.entry, error: o.error })),
        });
      } else {
        out(outcomes.length === 0 ? shown`nothing to restore\n` : shown`${block(report(outcomes))}\n`);
      }
      if (failed.length > 0) {
        throw new AgentmuxError(`${failed.length} session${failed.length === 1 ? "" : "s"} could not be restored: ${failed[0]?.error ?? ""}`, {
          hint: "they stay recorded: fix the cause and run agentmux restore again",
        });
      }
    });
}
