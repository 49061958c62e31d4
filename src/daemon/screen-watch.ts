import type { Tmux } from "../tmux/tmux.ts";
import { detect } from "../detect/detect.ts";
import type { Manifest } from "../detect/types.ts";
import type { ScreenWord } from "../core/evidence.ts";
import type { Tracked } from "./tracked.ts";

/** How often panes are looked at, and the least time between two captures of one pane. */
export const SCREEN_TICK_MS = 500;
/**
 * A pane that prints all the time with an unchanged verdict is captured less and less often, up to
 * this (its output stopping is looked at on the next tick: the drawing that stays is what counts).
 */
const STEADY_MAX_MS = 2000;
/**
 * A dialog seen by a look begun this long after the state changed is news, when the change was
 * made without it (its first sighting reached the session table only after the change).
 */
const DIALOG_AGAIN_MS = 1000;

const SEP = "\x1f";
const FORMAT = ["#{pane_id}", "#{window_activity}", "#{cursor_x},#{cursor_y}", "#{history_size}", "#{alternate_on}", "#{pane_title}", "#{pane_current_command}"].join(SEP);

export type ScreenSighting = ScreenWord;

/** One pane's line of the listing, read into its fields (once per distinct line: a quiet pane's is kept). */
interface PaneRow {
  line: string;
  activity: number;
  alternate: string;
  title: string;
  command: string;
}

function readRow(line: string): PaneRow {
  const [, activity = "0", , , alternate = "0", title = "", command = ""] = line.split(SEP);
  return { line, activity: Number(activity), alternate, title, command };
}

/**
 * Captures the screens of agent panes whose content may have changed (their window saw output
 * lately, or the cursor, scrollback, screen mode or title moved), at most every SCREEN_TICK_MS
 * per pane, through the daemon's control connection, and runs the pane's manifest on them.
 */
export class ScreenWatch {
  /** Each pane's row as last read: its line is the signature (a change of cursor, scrollback, screen mode, title or activity changes it). */
  private readonly rows = new Map<string, PaneRow>();
  private readonly lastCapture = new Map<string, number>();
  private readonly interval = new Map<string, number>();
  private readonly quiet = new Map<string, boolean>();
  private readonly dirty = new Set<string>();
  /** When each pane's current sighting (by its since) was first handed to the session table. */
  private readonly handed = new Map<string, { since: number; at: number }>();
  readonly sightings = new Map<string, ScreenSighting>();
  private running = false;
  /** Each pane's line as last listed, and when the last listing was asked for (see listing()). */
  private readonly listed = new Map<string, string>();
  private listedAt: number | null = null;
  /** tmux refused the listing's filter: every pane is listed at every tick. */
  private filterRefused = false;

  constructor(
    private readonly tmux: Tmux,
    private readonly manifestFor: (t: Tracked, command: string, title: string) => Manifest | null,
    /** Each look's verdict, with the screen it was read from. */
    private readonly onVerdict: (t: Tracked, sighting: ScreenSighting, screen: string) => Promise<void>,
    /** A pane's screen may have changed (its signature moved): the phone page pushes a watched pane's output. */
    private readonly onChange: (pane: string) => void = () => undefined,
  ) {}

  forget(pane: string): void {
    this.rows.delete(pane);
    this.lastCapture.delete(pane);
    this.interval.delete(pane);
    this.quiet.delete(pane);
    this.dirty.delete(pane);
    this.handed.delete(pane);
    this.sightings.delete(pane);
    this.listed.delete(pane);
  }

  /**
   * The panes' lines for this tick. Only the panes whose window saw output since the last listing
   * are asked of tmux (a quiet pane's cursor, scrollback, screen mode and title do not move without
   * output): the others' lines are the ones they had. Every pane is listed when one tracked is not
   * known yet (a new session, the first tick), or when tmux refuses the filter.
   */
  private async listing(tracked: Map<string, Tracked>, now: number): Promise<Array<[string, string]>> {
    const asked = Date.now();
    let known = this.listedAt !== null && !this.filterRefused;
    for (const t of tracked.values()) {
      if (!known) break;
      if (t.machine.state !== "exited" && !this.listed.has(t.pane)) known = false;
    }
    // window_activity is in whole seconds: a second's margin below the last listing.
    const filter = known && this.listedAt !== null ? `#{e|>=:#{window_activity},${Math.floor(this.listedAt / 1000) - 1}}` : undefined;
    let lines = await this.tmux.paneLines(FORMAT, filter).catch(() => null);
    if (lines === null && filter !== undefined) {
      // An older tmux without the filter's comparison: every pane, from now on. (The connection down: nothing either way.)
      lines = await this.tmux.paneLines(FORMAT).catch(() => null);
      if (lines !== null) this.filterRefused = true;
      return lines === null ? [] : this.took(lines, tracked, asked, undefined, now);
    }
    return lines === null ? [] : this.took(lines, tracked, asked, filter, now);
  }

  /**
   * A listing's lines kept, each with its pane; a filtered one with the lines of the other panes
   * that still want a look (their lines did not move: only one asked for, printing lately or
   * backing off is worth the tick's time).
   */
  private took(lines: string[], tracked: Map<string, Tracked>, asked: number, filter: string | undefined, now: number): Array<[string, string]> {
    this.listedAt = asked;
    const fresh = filter === undefined ? null : new Set<string>();
    const out: Array<[string, string]> = [];
    for (const line of lines) {
      const pane = line.slice(0, line.indexOf(SEP));
      fresh?.add(pane);
      if (tracked.has(pane)) this.listed.set(pane, line);
      out.push([pane, line]);
    }
    if (fresh === null) return out;
    for (const [pane, line] of this.listed) if (!fresh.has(pane) && tracked.has(pane) && this.wantsLook(pane, now)) out.push([pane, line]);
    return out;
  }

  /** Whether a pane whose line did not move is looked at this tick: asked for, never read, backing off from output, or printing in the last 2 s. */
  private wantsLook(pane: string, now: number): boolean {
    const row = this.rows.get(pane);
    return row === undefined || this.dirty.has(pane) || this.quiet.get(pane) === false || now / 1000 - row.activity < 2;
  }

  /** Capture the pane at the next tick, and at the shortest interval. */
  look(pane: string): void {
    this.dirty.add(pane);
    this.interval.set(pane, SCREEN_TICK_MS);
    this.lastCapture.delete(pane);
  }

  async tick(tracked: Map<string, Tracked>, now = Date.now()): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let captured = 0;
    try {
      const lines = await this.listing(tracked, now);
      // First which panes to look at; then all their captures at once (one write to tmux, control.ts),
      // each verdict taken in the panes' order.
      const looks: Array<{ t: Tracked; pane: string; manifest: Manifest; title: string; alternate: string; lookedAt: number; capture: Promise<string | null> }> = [];
      for (const [pane, line] of lines) {
        const t = tracked.get(pane);
        if (!t || t.machine.state === "exited") continue;
        const before = this.rows.get(pane);
        const changed = before === undefined || line !== before.line;
        // A quiet pane whose line did not move, not asked for and not printing lately: nothing to do (as wantsLook).
        if (!changed && !this.wantsLook(pane, now)) continue;
        const row = before !== undefined && !changed ? before : readRow(line);
        this.rows.set(pane, row);
        if (changed) this.onChange(pane);
        const { title, alternate } = row;
        const manifest = this.manifestFor(t, row.command, title);
        // A pane read with no manifest yet (its agent not known until its process tree is read) is looked at once it has one.
        if (!manifest) {
          this.dirty.add(pane);
          continue;
        }
        const recentlyActive = now / 1000 - row.activity < 2;
        // A change after a quiet tick is news: look at once. Output that never stops backs off; when
        // it stops, the drawing it left (a dialog, a prompt) is news too: looked at on this tick.
        // (A pane's first sighting is no output.)
        const wasQuiet = this.quiet.get(pane) !== false;
        const moved = changed && before !== undefined;
        if (moved === wasQuiet) this.interval.set(pane, SCREEN_TICK_MS);
        this.quiet.set(pane, !moved);
        if (changed || !wasQuiet) this.dirty.add(pane);
        if (!this.dirty.has(pane) && !recentlyActive) continue;
        if (now - (this.lastCapture.get(pane) ?? 0) < (this.interval.get(pane) ?? SCREEN_TICK_MS)) continue;
        this.dirty.delete(pane);
        this.lastCapture.set(pane, now);
        // The look's own time, not the tick's: a tick that captures many panes takes a while, and
        // a state may change meanwhile (a verdict dated before it would read as old news).
        looks.push({ t, pane, manifest, title, alternate, lookedAt: Date.now(), capture: this.tmux.tryCapture(pane, { join: false }) });
      }
      for (const { t, pane, manifest, title, alternate, lookedAt, capture } of looks) {
        const screen = (await capture) ?? undefined;
        // Gone meanwhile (closed, or replaced by a new process): nothing to say of it.
        if (screen === undefined || tracked.get(pane) !== t) continue;
        captured++;
        const verdict = detect(manifest, { screen, title, alternate: alternate === "1" }, { near: false });
        if (verdict.paused) continue;
        const previous = this.sightings.get(pane);
        const same = previous !== undefined && previous.verdict === verdict.state && previous.rule === verdict.rule;
        // A dialog still on screen well after the state changed (a look begun DIALOG_AGAIN_MS later)
        // is news from that look when the change was made without it: the look that saw it first
        // was under way as the state changed (a blocker the screen ended just before the dialog
        // was drawn). One the session table knew when the state changed (a hook said it was
        // answered: Pi's ui_dialog_closed) is the same old drawing, however long a loaded agent
        // takes to redraw.
        const handed = this.handed.get(pane);
        const unknownAtChange = handed !== undefined && previous !== undefined && handed.since === previous.since && handed.at >= t.machine.since;
        const again = same && verdict.state === "blocked" && verdict.cause !== "interrupted" && previous.since <= t.machine.since && unknownAtChange && lookedAt - t.machine.since >= DIALOG_AGAIN_MS;
        const steady = same && !again;
        // Back off while a busy pane keeps saying the same; look at once again when it changes or goes quiet.
        this.interval.set(pane, steady ? Math.min(STEADY_MAX_MS, (this.interval.get(pane) ?? SCREEN_TICK_MS) * 2) : SCREEN_TICK_MS);
        const sighting: ScreenSighting = { verdict: verdict.state, rule: verdict.rule, region: verdict.region, cause: verdict.cause, since: steady ? previous.since : lookedAt, at: lookedAt };
        this.sightings.set(pane, sighting);
        if (handed?.since !== sighting.since) this.handed.set(pane, { since: sighting.since, at: Date.now() });
        await this.onVerdict(t, sighting, screen);
      }
    } finally {
      this.running = false;
    }
    return captured;
  }
}
