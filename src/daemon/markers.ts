import { BACKENDS, isBackendName } from "../backends/index.ts";
import type { SessionState } from "../core/states.ts";
import { formatDuration } from "../util/duration.ts";
import { joinFormats, literal, style, type Format } from "../tmux/safe-text.ts";
import type { Tracked } from "./tracked.ts";
import { shownState } from "../core/state-machine.ts";
import { readSnooze } from "../session/snooze.ts";

const URGENCY: Partial<Record<SessionState, number>> = { blocked: 3, waiting: 2, working: 1 };

/**
 * The window option @agentmux-window-state: the most urgent state of the agents in each window
 * ("blocked", "waiting", "working" or empty), for window-status-format, e.g.
 * #{?#{==:#{@agentmux-window-state},blocked},⚠ ,}. Counted as the status segment counts: by the
 * state shown (closing while an exit chain runs), a snoozed session not at all.
 */
export function windowStates(tracked: Iterable<Tracked>, now = Date.now()): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of tracked) {
    const window = t.record.window;
    if (!window) continue;
    const current = out.get(window) ?? "";
    const state = readSnooze(t.record.snoozed ?? "", now).snoozed ? "" : shownState(t.machine);
    const mine = URGENCY[state as SessionState] ? state : "";
    if ((URGENCY[mine as SessionState] ?? 0) > (URGENCY[current as SessionState] ?? 0)) out.set(window, mine);
    else if (!out.has(window)) out.set(window, "");
  }
  return out;
}

/** The longest published status the border shows. */
const MAX_BORDER_STATUS = 200;

/**
 * The pane border line (@agentmux-border, a format): backend icon, name, model, effort, account,
 * the turn's duration while working, and the published status (stale in italics); each part left
 * out when empty; a side conversation's ends with its parent's state ("parent: waiting"). Every part
 * but the italics is text, shown literally.
 */
export function borderText(t: Tracked, name: string, now = Date.now(), parent = ""): Format {
  const r = t.record;
  const icon = isBackendName(t.backend) ? BACKENDS[t.backend].icon : "";
  const turn = t.machine.state === "working" && t.machine.turnStart ? `⏱ ${formatDuration(now - t.machine.turnStart)}` : "";
  const text = (value: string, max?: number): Format | "" => (value ? literal(value, max) : "");
  const status = text(r.status, MAX_BORDER_STATUS);
  return joinFormats([text(icon && `${icon} ${name}`), text(r.model), text(r.effort), text(r.account), text(turn),
    status && r.statusStale ? joinFormats([style("italics"), status, style("noitalics")], "") : status, text(parent)], " · ");
}
