import { shownState } from "../core/state-machine.ts";
import type { SelectedQuota } from "../accounts/quota.ts";
import { displayNames } from "../session/display-name.ts";
import { readSnooze } from "../session/snooze.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { literal, type Format } from "../tmux/safe-text.ts";
import { borderText, windowStates } from "./markers.ts";
import { renderStatusSegment } from "./status-segment.ts";
import { fitSegment, segmentRoom, shownWidth } from "./status-fit.ts";
import { parentState } from "./side-report.ts";
import type { Tracked } from "./tracked.ts";
import type { HostCounts } from "../hosts/segment.ts";

/** What a pane's border was made of when it was last made (reused while the same: 200 quiet panes a render). */
interface BorderMade { record: Tracked["record"]; machine: Tracked["machine"]; backend: string; name: string; parent: string }

/**
 * What the daemon pushes into tmux for people to see: the global @agentmux-status segment (status
 * lines redrawn when it changes; no process runs per refresh), @agentmux-window-state per window
 * and @agentmux-border per pane. Each is written only when its value changed.
 */
export class StatusPush {
  private readonly written = new Map<string, string>();
  private readonly borders = new Map<string, BorderMade>();
  /** The sessions the display names were last made of, and the names. */
  private named: { sessions: Array<{ t: Tracked; record: Tracked["record"]; backend: string; dir: string }>; names: Map<string, string> } | null = null;
  private keysReadAt = 0;
  private withKeys = false;
  /** The cells status-right leaves the segment (status-fit.ts), read with the keys option; null: not known. */
  private room: number | null = null;
  private toldRoom = false;
  /** display.quota on: the selected accounts' remaining quota, shown after the counts (src/daemon/usage-start.ts). */
  quota: (() => SelectedQuota[]) | undefined;
  /** Other machines' sessions (src/hosts/segment.ts): counted with these; the hosts that are down, marked. */
  hosts: (() => HostCounts) | undefined;
  /** A session whose waiting is another part's business (the chief's heartbeat answers): counted as idle. */
  quiet: ((pane: string) => boolean) | undefined;

  constructor(private readonly tmux: Tmux, private readonly log: (line: string) => void = () => undefined) {}

  private async set(scope: "global" | { pane: string } | { window: string }, option: string, value: Format): Promise<boolean> {
    const key = `${scope === "global" ? "g" : "pane" in scope ? scope.pane : scope.window} ${option}`;
    if (this.written.get(key) === value) return false;
    this.written.set(key, value);
    await this.tmux.setFormatOption(scope, option, value).catch(() => undefined);
    return true;
  }

  async render(tracked: Map<string, Tracked>, now = Date.now()): Promise<void> {
    const sessions = [...tracked.values()];
    for (const [window, state] of windowStates(sessions, now)) await this.set({ window }, "@agentmux-window-state", literal(state));
    const names = this.namesOf(sessions);
    for (const t of sessions) {
      if (t.machine.state === "exited") continue;
      const name = names.get(t.pane) ?? t.pane;
      const parent = parentState(t, tracked);
      // A border whose parts did not change is the one written (a working one shows its turn's time: made again).
      const made = this.borders.get(t.pane);
      if (made && made.record === t.record && made.machine === t.machine && made.backend === t.backend && made.name === name && made.parent === parent && !(t.machine.state === "working" && t.machine.turnStart)) continue;
      this.borders.set(t.pane, { record: t.record, machine: t.machine, backend: t.backend, name, parent });
      await this.set({ pane: t.pane }, "@agentmux-border", borderText(t, name, now, parent));
    }
    if (this.borders.size > sessions.length) for (const pane of this.borders.keys()) if (!tracked.has(pane)) this.borders.delete(pane);
    // @agentmux-status-keys on: the switcher keys of the sessions that need the user, after the counts.
    // (The option is read at most every 3 s, not on every state change.)
    if (now - this.keysReadAt >= 3000) {
      this.keysReadAt = now;
      this.withKeys = ((await this.tmux.getOption("global", "@agentmux-status-keys").catch(() => "")).split("\n")[0] ?? "") === "on";
      this.room = await segmentRoom(this.tmux);
    }
    const withKeys = this.withKeys;
    // A snoozed session is out of the segment: not counted, its key not listed.
    const counted = sessions.filter((t) => !readSnooze(t.record.snoozed ?? "", now).snoozed);
    const shownOf = (t: Tracked) => { const state = shownState(t.machine); return state === "waiting" && this.quiet?.(t.pane) ? "idle" : state; };
    const shown = counted.map((t) => ({ t, machine: { ...t.machine, state: shownOf(t) } }));
    const keys = withKeys ? shown.filter(({ t, machine }) => (machine.state === "waiting" || machine.state === "blocked") && t.record.switchKey).map(({ t }) => t.record.switchKey).sort() : [];
    // Fit in what status-right-length leaves it (the clock after it is never cut): the quota goes
    // first, then the keys; the counts always show. Told once how to make room.
    const hosts = this.hosts?.() ?? { machines: [], down: [] };
    const machines = [...shown.map(({ machine }) => machine), ...hosts.machines];
    const quota = this.quota?.() ?? [];
    const hostsDown = hosts.down;
    const forms = [renderStatusSegment(machines, { keys, quota, hostsDown }), renderStatusSegment(machines, { keys, hostsDown }), renderStatusSegment(machines, { hostsDown })];
    const fit = fitSegment(forms, this.room);
    if (fit.dropped && !this.toldRoom) {
      this.toldRoom = true;
      this.log(`status: status-right-length leaves the segment ${this.room ?? "?"} cells; ${quota.length > 0 ? "the quota" : "the keys"} left out (widen it: set -g status-right-length ${shownWidth(forms[0] ?? "") + 40})`);
    }
    if (await this.set("global", "@agentmux-status", fit.segment)) await this.tmux.refreshStatusLines();
  }

  /** The sessions' display names: made again only when a session, its record, backend or directory changed. */
  private namesOf(sessions: Tracked[]): Map<string, string> {
    const last = this.named;
    if (last && last.sessions.length === sessions.length && sessions.every((t, i) => { const s = last.sessions[i]; return s !== undefined && s.t === t && s.record === t.record && s.backend === t.backend && s.dir === t.dir; })) return last.names;
    const names = displayNames(sessions.map((t) => ({ pane: t.pane, dir: t.record.dir || t.dir, instance: t.record.instance, backend: t.backend, label: t.record.label, side: t.record.side })));
    this.named = { sessions: sessions.map((t) => ({ t, record: t.record, backend: t.backend, dir: t.dir })), names };
    return names;
  }
}
