import { realpathSync } from "node:fs";
import { killPanes, forgetExited, refreshRoutedPool } from "../daemon/asks.ts";
import { ensureDaemon } from "../daemon/start.ts";
import { armWatcher } from "../daemon/watch-arm.ts";
import { launchSession, windowNameFor, type Launched } from "../session/launch.ts";
import { listSessions, type NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { sessionWindowName, soleSessionIn, type HandoffPlan } from "./handoff.ts";
import { warn } from "../util/terminal-text.ts";

/** Carrying out a handoff planned by handoff.ts: find the source session, start its successor, end it. */

function canonical(dir: string): string {
  try { return realpathSync(dir); } catch { return dir; }
}

/** --from PANE: that live session, else the single live session in the current directory. */
export async function handoffSource(tmux: Tmux, pane: string, backendSuffix: boolean): Promise<NamedSession> {
  const live = (await listSessions(tmux, { backendSuffix })).filter((s) => !s.dead);
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
export async function replaceSession(tmux: Tmux, plan: HandoffPlan): Promise<Launched> {
  const old = plan.session.pane;
  await ensureDaemon(tmux).catch((error: Error) => warn(error.message));
  if (!plan.session.window) {
    // It exited and its pane is gone: nothing to close, the new session opens as new would open it.
    const launched = await launchSession(tmux, plan.request, plan.prepared);
    await refreshRoutedPool(tmux, plan.prepared);
    if (plan.watches.length > 0) {
      await tmux.setOption({ pane: launched.pane }, "@agentmux-watch-project", plan.watches.join("\n"));
      await armWatcher(tmux, launched.pane, undefined);
    }
    await forgetExited(tmux, old);
    return launched;
  }
  const [windowName = "", active = ""] = ((await tmux.query(old, "#{window_name}\t#{pane_active}")) ?? "").split("\t");
  let launched: Launched;
  let split = true;
  try {
    launched = await launchSession(tmux, { ...plan.request, splitFrom: old }, plan.prepared);
  } catch {
    // No room to split the pane: a window of its own, as `new` would open.
    split = false;
    launched = await launchSession(tmux, plan.request, plan.prepared);
  }
  await refreshRoutedPool(tmux, plan.prepared);
  if (plan.watches.length > 0) {
    await tmux.setOption({ pane: launched.pane }, "@agentmux-watch-project", plan.watches.join("\n"));
    await armWatcher(tmux, launched.pane, undefined);
  }
  // The window was named for the old session (by new, or by rename): name it for the new one.
  const oldNames = [sessionWindowName(plan.session.dir, plan.session.instance || undefined), plan.session.label].filter(Boolean);
  if (split && oldNames.includes(windowName)) await tmux.renameWindow(launched.pane, windowNameFor(plan.prepared.dir, plan.request.instance));
  if (split && active === "1") await tmux.selectPane(launched.pane);
  // Run from inside the old pane, this process loses its terminal with it: finish regardless.
  if (process.env["TMUX_PANE"] === old || process.env["AGENTMUX_SESSION"] === old) {
    process.on("SIGHUP", () => undefined);
    process.stdout.on("error", () => undefined);
  }
  const killed = await killPanes(tmux, [old]).catch((error: Error) => {
    warn(`the daemon did not end ${old} (${error.message}); closing its pane`);
    return 0;
  });
  if (killed === 0) await tmux.killPane(old).catch(() => undefined);
  return launched;
}

