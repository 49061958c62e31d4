import type { Command } from "commander";
import { armWatcher } from "../daemon/watch-arm.ts";
import { findSession } from "../session/store.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";
import { out, shown } from "../util/terminal-text.ts";

export function registerWatch(program: Command): void {
  program
    .command("watch")
    .description("notify when a line a session prints matches PATTERN (POSIX extended regex); an empty pattern disarms")
    .argument("<target>", "pane id, display name or instance name")
    .argument("[pattern]", "the pattern; replaces the session's previous one", "")
    .option("--json", "print the result as JSON")
    .action(async (target: string, pattern: string, options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      await requireControl(ctx, "watch");
      const s = await findSession(ctx.tmux, target);
      await armWatcher(ctx.tmux, s.pane, pattern);
      if (options.json) printJson({ ok: true, pane: s.pane, pattern: pattern || null });
      else out(pattern ? shown`watching ${s.name} for /${pattern}/\n` : shown`stopped watching ${s.name}\n`);
    });
}
