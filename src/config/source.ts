import { watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";
import { configFile, DEFAULT_CONFIG, loadConfig, type Config } from "./config.ts";
import { fileStamp } from "../util/file-stamp.ts";

type Env = Record<string, string | undefined>;

/** How often a config whose directory cannot be watched is looked at. */
const POLL_MS = 2000;

/**
 * The daemon's one config: loaded once, reloaded when the file changes. An invalid file is logged
 * and the last good config kept (the defaults, when the first load already fails).
 *
 * Two ways to notice a change: fs.watch on the file's directory (editors replace the file, so the
 * file itself cannot be watched), and a stat at each get(), so a request made right after a write
 * sees it even before the watcher's event arrives.
 */
export class ConfigSource {
  private current: Config = DEFAULT_CONFIG;
  private stamp = "";
  private watcher: FSWatcher | null = null;
  private debounce: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout | null = null;
  private readonly listeners: Array<(config: Config, previous: Config) => void> = [];
  readonly file: string;

  constructor(private readonly log: (line: string) => void, private readonly env: Env = process.env) {
    this.file = configFile(env);
    this.refresh();
  }

  /** The config now (reloaded first when the file changed since the last look). */
  get(): Config {
    this.refresh();
    return this.current;
  }

  /** Called after each reload that produced a new config. */
  onChange(listener: (config: Config, previous: Config) => void): void {
    this.listeners.push(listener);
  }

  /** Watch the file's directory; one that does not exist yet is looked at every POLL_MS instead. */
  watch(): void {
    try {
      this.watcher = watch(dirname(this.file), (_event, name) => {
        if (name !== null && String(name) !== basename(this.file)) return;
        // An editor's save is several events (write, rename): read once they settle.
        if (this.debounce) clearTimeout(this.debounce);
        this.debounce = setTimeout(() => { this.debounce = null; this.refresh(); }, 50);
      });
      this.watcher.on("error", (error) => this.log(`config: cannot watch ${dirname(this.file)}: ${error.message}`));
    } catch (error) {
      // No directory yet (the config is written after the daemon started): a stat every 2 s, so a
      // change is still told to those who follow it (the hosts' links, the phone page, usage).
      this.log(`config: cannot watch ${dirname(this.file)}: ${(error as Error).message}; looking at it every 2 s`);
      this.poll = setInterval(() => this.refresh(), POLL_MS);
      this.poll.unref();
    }
  }

  close(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    this.watcher?.close();
    this.watcher = null;
    if (this.debounce) clearTimeout(this.debounce);
  }

  private refresh(): void {
    const stamp = fileStamp(this.file);
    if (stamp === this.stamp) return;
    const first = this.stamp === "";
    this.stamp = stamp;
    let next: Config;
    try {
      next = loadConfig(this.env);
    } catch (error) {
      this.log(`config: ${(error as Error).message.split("\n").join("; ")}; keeping the ${first ? "defaults" : "last good config"}`);
      return;
    }
    const previous = this.current;
    this.current = next;
    if (first) return;
    this.log(`config: reloaded ${this.file}`);
    for (const listener of this.listeners) listener(next, previous);
  }
}
