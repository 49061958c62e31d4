import { realpathSync } from "node:fs";
import type { Command } from "commander";
import { ensureDaemon } from "../daemon/start.ts";
import { planHandoff, sessionWindowName, soleSessionIn, type HandoffPlan } from "../lifecycle/handoff.ts";
import { launchSession, windowNameFor, type Launched } from "../session/launch.ts";
import { refreshRoutedPool } from "./usage-refresh.ts";
import { findSession, listSessions, type NamedSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { Context, printJson } from "./context.ts";
import { killPanes } from "./orchestrate.ts";
import { requireControl } from "./permission.ts";
import { targetOrCurrent } from "./restart.ts";
import { armWatcher } from "./watch.ts";
import { forgetExited } from "./forget.ts";

interface HandoffOptions { to?: string; from?: string; json?: boolean }

function canonical(dir: string): string {
  try { return realpathSync(dir); } catch { return dir; }
}

/** --from PANE: that live session, else the single live session in the current directory. */
async function sourceFrom(ctx: Context, pane: string): Promise<NamedSession> {
  const live = (await listSessions(ctx.tmux, { backendSuffix: ctx.config.display.backendSuffix })).filter((s) => !s.dead);
  const named = live.find((s) => s.pane === pane);
  if (named) return named;
  const sessions = live.map((s) => ({ ...s, dir: canonical(s.dir) }));
  const sole = soleSessionIn(sessions, canonical(process.cwd()), `pane "${pane}" is not a live agentmux session`);
  return live.find((s) => s.pane === sole.pane) ?? sole;
}

/**
 * Start the new session beside the old one (a split of its pane, so the layout and window are kept),
 * then end the old one through the daemon, which lists it as exited; the new pane takes its place.
 * The old pane goes last: an agent handing itself off runs this from inside it.
 */
async function replace(ctx: Context, plan: HandoffPlan): Promise<Launched> {
  const old = plan.session.pane;
  await ensureDaemon(ctx.tmux).catch((error: Error) => process.stderr.write(`agentmux: warning: ${error.message}\n`));
  if (!plan.session.window) {
    // It exited and its pane is gone: nothing to close, the new session opens as new would open it.
    const launched = await launchSession(ctx.tmux, plan.request, plan.prepared);
    await refreshRoutedPool(ctx.tmux, plan.prepared);
    if (plan.watches.length > 0) {
      await ctx.tmux.setOption({ pane: launched.pane }, "@agentmux-watch-project", plan.watches.join("\n"));
      await armWatcher(ctx, launched.pane, undefined);
    }
    await forgetExited(ctx, old);
    return launched;
  }
  const [windowName = "", active = ""] = ((await ctx.tmux.query(old, "#{window_name}\t#{pane_active}")) ?? "").split("\t");
  let launched: Launched;
  let split = true;
  try {
    launched = await launchSession(ctx.tmux, { ...plan.request, splitFrom: old }, plan.prepared);
  } catch {
    // No room to split the pane: a window of its own, as `new` would open.
    split = false;
    launched = await launchSession(ctx.tmux, plan.request, plan.prepared);
  }
  await refreshRoutedPool(ctx.tmux, plan.prepared);
  if (plan.watches.length > 0) {
    await ctx.tmux.setOption({ pane: launched.pane }, "@agentmux-watch-project", plan.watches.join("\n"));
    await armWatcher(ctx, launched.pane, undefined);
  }
  // The window was named for the old session (by new, or by rename): name it for the new one.
  const oldNames = [sessionWindowName(plan.session.dir, plan.session.instance || undefined), plan.session.label].filter(Boolean);
  if (split && oldNames.includes(windowName)) await ctx.tmux.renameWindow(launched.pane, windowNameFor(plan.prepared.dir, plan.request.instance));
  if (split && active === "1") await ctx.tmux.run(["select-pane", "-t", launched.pane]);
  // Run from inside the old pane, this process loses its terminal with it: finish regardless.
  if (process.env["TMUX_PANE"] === old || process.env["AGENTMUX_SESSION"] === old) {
    process.on("SIGHUP", () => undefined);
    process.stdout.on("error", () => undefined);
  }
  const killed = await killPanes(ctx, [old]).catch((error: Error) => {
    process.stderr.write(`agentmux: warning: the daemon did not end ${old} (${error.message}); closing its pane\n`);
    return 0;
  });
  if (killed === 0) await ctx.tmux.runner.tryRun(["kill-pane", "-t", old]);
  return launched;
}

export function registerHandoff(program: Command): void {
  program
    .command("handoff")
    .description("close a session and start a new one with its handoff file as the first prompt")
    .argument("[target]", "the session: pane id, display name or instance name (default: the current pane); with --from, the target directory")
    .option("--to <dir>", "start the new session in this directory (over the file's target-directory)")
    .option("--from <pane>", "for agents: hand off the session in this pane (else the single session in the current directory)")
    .option("--json", "print the result as JSON")
    .action(async (target: string | undefined, options: HandoffOptions, command: Command) => {
      const ctx = Context.of(command);
      let session: NamedSession;
      let to = options.to;
      if (options.from !== undefined) {
        if (target !== undefined && to !== undefined) throw new AgentmuxError("handoff --from takes the target directory once", { hint: "pass DIR or --to DIR, not both" });
        to = target ?? to;
        session = await sourceFrom(ctx, options.from);
      } else {
        session = await findSession(ctx.tmux, targetOrCurrent(target, "handoff"), { includeExited: true });
      }
      // An agent handing itself off needs no control API; acting on another session does.
      await requireControl(ctx, "handoff", session.pane);
      const plan = planHandoff(session, ctx.config, { to, cwd: process.cwd() });
      if (plan.prepared.accountNotice) process.stderr.write(`agentmux: ${plan.prepared.accountNotice}\n`);
      const launched = await replace(ctx, plan);
      const { dir } = plan.prepared;
      if (options.json) {
        printJson({ ok: true, from: session.pane, pane: launched.pane, backend: plan.prepared.backend.name, dir, directoryFrom: plan.directory.origin, account: plan.prepared.account ?? null, file: plan.file });
      } else {
        process.stdout.write(`handed off ${session.name} (${session.pane}) → ${launched.pane} in ${dir}\n`);
      }
    });
}
