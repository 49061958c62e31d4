import { existsSync } from "node:fs";
import type { Command } from "commander";
import { worktreesFile } from "../branch/worktree-registry.ts";
import { places } from "../util/paths.ts";
import { callerSession } from "../session/caller.ts";
import { findSession } from "../session/store.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { confirm } from "./confirm.ts";
import { Context, printJson } from "./context.ts";
import { killPanes } from "../daemon/asks.ts";
import { requireControl } from "../control/gate.ts";

export interface KillOptions { json?: boolean; yes?: boolean }

/** `agentmux kill TARGET` (the kill key's popup): the fast path calls it without commander. */
export async function runKill(ctx: Context, target: string, options: KillOptions): Promise<void> {
  // One listing of the server for both, asked at once with the server's identity (the kill key's popup waits for tmux); no permission, no answer.
  const panes = ctx.tmux.listPanes();
  panes.catch(() => undefined); // both below await it
  const [allowed, found] = await Promise.allSettled([requireControl(ctx, "kill", undefined, callerSession(ctx.tmux, process.env, process.pid, panes)), findSession(ctx.tmux, target, { includeExited: true, panes })]);
  if (allowed.status === "rejected") throw allowed.reason;
  if (found.status === "rejected") throw found.reason;
  const session = found.value;
  if (session.dead && !session.window) throw new AgentmuxError(`session ${session.name} (${session.pane}) has exited already`);
  // Kill protection: a person at a terminal is asked about a live agent; scripts and agents
  // (no terminal) are not, and a process that already ended goes without asking.
  const ask = ctx.config.protection.kill && !options.yes && !session.dead && process.stdin.isTTY === true;
  if (ask && !(await confirm(`Kill ${session.name} (${session.backend}, ${session.state})?`))) {
    throw new AgentmuxError(`${session.name} was not killed`, { hint: "answer y, or pass --yes", exitCode: EXIT.failure });
  }
  // Branch protection: a second question when sessions were forked from it (an unknown count allows the kill).
  // Loaded only then: the lineage readers bring every backend, which the kill key's popup does not need to start.
  const branches = ask && ctx.config.protection.branches ? (await import("../branch/branches.ts")).branchCount(ctx.config, session) : null;
  if (branches && !(await confirm(`${session.name} has ${branches} ${branches === 1 ? "branch" : "branches"} (sessions forked from it). Kill it anyway?`))) {
    throw new AgentmuxError(`${session.name} was not killed`, { hint: "answer y, or pass --yes", exitCode: EXIT.failure });
  }
  const killed = await killPanes(ctx.tmux, [session.pane]);
  // A pane whose process already ended (kept open to show its error) is closed here.
  if (killed === 0) await ctx.tmux.killPane(session.pane);
  // A session in a worktree agentmux made: what becomes of it (loaded only when there are any).
  if (!options.json && existsSync(worktreesFile(places().stateDir))) await (await import("../branch/after-kill.ts")).worktreeAfterKill(ctx.tmux, session, ask ? confirm : null);
  if (options.json) printJson({ ok: true, pane: session.pane, killed: 1 });
}

export function registerManage(program: Command): void {
  program
    .command("kill")
    .description("end a session's process and close its pane (it stays listed as exited)")
    .argument("<target>", "pane id, display name or instance name")
    .option("-y, --yes", "do not ask (kill protection)")
    .option("--json", "print the result as JSON")
    .action((target: string, options: KillOptions, command: Command) => runKill(Context.of(command), target, options));

  program
    .command("rename")
    .description("give a session a display name")
    .argument("<target>", "pane id, display name or instance name")
    .argument("<name>", "the new name")
    .option("--json", "print the result as JSON")
    .action(async (target: string, name: string, options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      await requireControl(ctx, "rename");
      if (!/^[^\s#]{1,64}$/u.test(name)) throw new AgentmuxError(`"${name}" is not a usable name`, { hint: "use 1-64 characters without spaces or '#'" });
      const session = await findSession(ctx.tmux, target);
      await ctx.tmux.setOption({ pane: session.pane }, "@agentmux-name", name);
      await ctx.tmux.renameWindow(session.pane, name);
      if (options.json) printJson({ ok: true, pane: session.pane, name });
    });

  program
    .command("attach")
    .description("switch the tmux client to a session (attach when outside tmux)")
    .argument("<target>", "pane id, display name or instance name; HOST:TARGET for another machine's (a local window runs ssh -t HOST agentmux attach)")
    .option("--popup", "HOST:TARGET: in a popup instead of a window")
    .option("--utf8", "the terminal takes UTF-8 whatever the locale says (tmux -u; another machine's view passes it over ssh)")
    .action(async (target: string, options: { popup?: boolean; utf8?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      if (options.popup) throw new AgentmuxError("--popup is for another machine's session (HOST:TARGET)", { hint: "a local session opens in its own window: agentmux attach TARGET", exitCode: EXIT.usage });
      const session = await findSession(ctx.tmux, target);
      await ctx.tmux.showPane(session.pane);
      if (process.env["TMUX"] && !ctx.server.socketName && !ctx.server.socketPath) {
        await ctx.tmux.switchClient(session.pane);
        return;
      }
      if (!process.stdin.isTTY) {
        throw new AgentmuxError("attach needs a terminal when run outside tmux", { hint: `run it in a terminal, or: tmux attach -t ${session.tmuxSession}` });
      }
      const status = await ctx.tmux.attach(session.tmuxSession, { utf8: options.utf8 === true });
      if (status !== 0) throw new AgentmuxError(`tmux attach-session -t ${session.tmuxSession} failed (exit ${status})`);
    });
}
