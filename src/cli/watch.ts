import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Command } from "commander";
import { ensureDaemon } from "../daemon/start.ts";
import { findSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { shellScript } from "../util/install-dir.ts";
import { pipePaneArgs } from "../tmux/commands.ts";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { combinePatterns } from "../session/project-file.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "./permission.ts";

/**
 * Arm the pane's pattern watchers: the project file's and the one set with `agentmux watch`
 * (replaceable; empty disarms it). tmux pipes what the pane prints through
 * shell/agentmux-watch, which hands matching lines to the daemon. The patterns go through a file
 * in the daemon's directory: tmux expands pipe-pane's command as a format and through strftime.
 */
export async function armWatcher(ctx: Context, pane: string, pattern: string | undefined): Promise<void> {
  if (pattern !== undefined && /[\r\n]/.test(pattern)) throw new AgentmuxError("a watch pattern is one line", { hint: "use | for alternatives" });
  if (pattern === "") await ctx.tmux.unsetOption({ pane }, "@agentmux-watch");
  else if (pattern !== undefined) await ctx.tmux.setOption({ pane }, "@agentmux-watch", pattern);
  const own = await ctx.tmux.getOption({ pane }, "@agentmux-watch");
  const project = (await ctx.tmux.getOption({ pane }, "@agentmux-watch-project")).split("\n").filter(Boolean);
  const all = [...project, ...(own ? [own] : [])];
  if (all.length === 0) {
    await ctx.tmux.run(pipePaneArgs(pane));
    return;
  }
  const { layout } = await ensureDaemon(ctx.tmux);
  const file = join(layout.dir, "watch", `${pane}.re`);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileAtomic(file, `${combinePatterns(all)}\n`, 0o600);
  await ctx.tmux.run(pipePaneArgs(pane, [shellScript("agentmux-watch"), pane, layout.spool, file]));
}

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
      await armWatcher(ctx, s.pane, pattern);
      if (options.json) printJson({ ok: true, pane: s.pane, pattern: pattern || null });
      else process.stdout.write(pattern ? `watching ${s.name} for /${pattern}/\n` : `stopped watching ${s.name}\n`);
    });
}
