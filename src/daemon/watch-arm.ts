import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { combinePatterns } from "../session/project-file.ts";
import { pipePaneArgs } from "../tmux/commands.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { AgentmuxError } from "../util/errors.ts";
import { shellScript } from "../util/install-dir.ts";
import { ensureDaemon } from "./start.ts";

/**
 * Arm the pane's pattern watchers: the project file's and the one set with `agentmux watch`
 * (replaceable; empty disarms it). tmux pipes what the pane prints through
 * shell/agentmux-watch, which hands matching lines to the daemon. The patterns go through a file
 * in the daemon's directory: tmux expands pipe-pane's command as a format and through strftime.
 */
export async function armWatcher(tmux: Tmux, pane: string, pattern: string | undefined): Promise<void> {
  if (pattern !== undefined && /[\r\n]/.test(pattern)) throw new AgentmuxError("a watch pattern is one line", { hint: "use | for alternatives" });
  if (pattern === "") await tmux.unsetOption({ pane }, "@agentmux-watch");
  else if (pattern !== undefined) await tmux.setOption({ pane }, "@agentmux-watch", pattern);
  const own = await tmux.getOption({ pane }, "@agentmux-watch");
  const project = (await tmux.getOption({ pane }, "@agentmux-watch-project")).split("\n").filter(Boolean);
  const all = [...project, ...(own ? [own] : [])];
  if (all.length === 0) {
    await tmux.run(pipePaneArgs(pane));
    return;
  }
  const { layout } = await ensureDaemon(tmux);
  const file = join(layout.dir, "watch", `${pane}.re`);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileAtomic(file, `${combinePatterns(all)}\n`, 0o600);
  await tmux.run(pipePaneArgs(pane, [shellScript("agentmux-watch"), pane, layout.spool, file]));
}
