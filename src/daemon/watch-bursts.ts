/** How long after a watcher's notification its pattern's next matches are held and counted. */
export const WATCH_WINDOW_MS = 3000;

interface Burst { at: number; more: number; last: string; timer: NodeJS.Timeout | null; tell: (text: string) => Promise<void> }

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
  async match(key: string, line: string, now: number, tell: (text: string) => Promise<void>, summary: (more: number, last: string) => string): Promise<boolean> {
    const burst = this.bursts.get(key);
    if (burst && now - burst.at < WATCH_WINDOW_MS) {
      burst.more++;
      burst.last = line;
      burst.tell = tell;
      if (!burst.timer) {
        burst.timer = setTimeout(() => void this.flush(key, summary, burst.at + WATCH_WINDOW_MS), burst.at + WATCH_WINDOW_MS - now);
        burst.timer.unref();
      }
      return false;
    }
    if (burst) await this.flush(key, summary, now);
    this.bursts.set(key, { at: now, more: 0, last: "", timer: null, tell });
    return true;
  }

  /** Tell what a window held, if anything: that notification begins the next window, as a told match does. */
  private async flush(key: string, summary: (more: number, last: string) => string, now: number): Promise<void> {
    const burst = this.bursts.get(key);
    if (!burst) return;
    if (burst.timer) clearTimeout(burst.timer);
    burst.timer = null;
    const { more, last } = burst;
    if (more === 0) return;
    burst.more = 0;
    burst.at = now;
    await burst.tell(summary(more, last)).catch(() => undefined);
  }
}
