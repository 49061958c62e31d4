import type { Command } from "commander";
import { findSession } from "../session/store.ts";
import { targetOrCurrent } from "../session/target.ts";
import { block, out, shown } from "../util/terminal-text.ts";
import { Context, printJson } from "./context.ts";

export function registerDiff(program: Command): void {
  program
    .command("diff")
    .description("what a session changed since it started: its worktree against the branch point, or its checkout against the commit it started at (committed, uncommitted and untracked)")
    .argument("[target]", "pane id, display name or instance name (default: the current pane)")
    .option("--stat", "only the files and their line counts")
    .option("--file <path>", "only this file (a path relative to the repository's top)")
    .option("--json", "print the files, the base and the diff as JSON")
    .action(async (target: string | undefined, options: { stat?: boolean; file?: string; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      const session = await findSession(ctx.tmux, targetOrCurrent(target, "diff"), { includeExited: true });
      // Lazily: git and the diff code only for this verb.
      const { diffOfSession } = await import("../branch/session-diff.ts");
      const diff = await diffOfSession(ctx.tmux, session, { stat: options.stat ?? false, ...(options.file !== undefined ? { file: options.file } : {}) });
      if (options.json) {
        printJson({ name: session.name, pane: session.pane, dir: session.dir, root: diff.root, base: diff.base, against: diff.against, worktree: diff.worktree ? { path: diff.worktree.path, branch: diff.worktree.branch, from: diff.worktree.from } : null, files: diff.files, ...(options.stat ? {} : { diff: diff.text, truncated: diff.truncated }) });
        return;
      }
      const { statLines } = await import("../branch/diff.ts");
      const header = `${session.name} (${session.pane}) in ${diff.root}: changes since ${diff.against} (${diff.base.slice(0, 12)})`;
      if (options.stat || diff.files.length === 0) out(shown`${block([header, ...statLines(diff)].join("\n"))}\n`);
      else out(shown`${block(`# ${header}\n${diff.text}`)}`);
    });
}
