/** How long after a watcher's notification its pattern's next matches are held and counted. */
export const WATCH_WINDOW_MS = 3000;

type Tell = (text: string) => Promise<void>;
type Summary = (more: number, last: string) => string;

/** A window's told time, what it has held since, and how to tell it (as of its latest match: a rename shows). */
interface Burst { at: number; more: number; last: string; timer: NodeJS.Timeout | null; tell: Tell; summary: Summary }

/**
 * A pattern watcher's rate limit, one per pane and pattern: the first match is told at once; the
 * matches in the WATCH_WINDOW_MS after it are counted, and once the window ends one more
 * notification tells how many and quotes the last. Nothing is swallowed: a shell echoes the command
 * line first (it may hold the pattern), and the output it was run for follows within the window.
 */
export class WatchBursts {
  private readonly bursts = new Map<string, Burst>();

  /**
   * A match of `key` at `now`: answers whether to tell it now. Held matches are told by `tell` with
   * the summary text `summary(more, last)` when the window ends (or at the next match after it).
   */
  async match(key: string, line: string, now: number, tell: Tell, summary: Summary): Promise<boolean> {
    const burst = this.bursts.get(key);
    if (burst && now - burst.at < WATCH_WINDOW_MS) {
      Object.assign(burst, { more: burst.more + 1, last: line, tell, summary });
      if (!burst.timer) {
        burst.timer = setTimeout(() => void this.flush(burst, burst.at + WATCH_WINDOW_MS), burst.at + WATCH_WINDOW_MS - now);
        burst.timer.unref();
      }
      return false;
    }
    if (burst) await this.flush(burst, now);
    this.bursts.set(key, { at: now, more: 0, last: "", timer: null, tell, summary });
    return true;
  }

  /** Tell what a window held, if anything: that notification begins the next window, as a told match does. */
  private async flush(burst: Burst, now: number): Promise<void> {
    if (burst.timer) clearTimeout(burst.timer);
    burst.timer = null;
    const { more, last } = burst;
    if (more === 0) return;
    burst.more = 0;
    burst.at = now;
    await burst.tell(burst.summary(more, last)).catch(() => undefined);
  }
}
