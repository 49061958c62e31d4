import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/tmux-server.ts";

/**
 * The pane size the captures are taken at: CAPTURE_SIZE=80x24 (columns x rows). The default, 120x40,
 * captures into test/fixtures/real/screens; any other size into screens-<W>x<H>/ beside it.
 */
export const SIZE = captureSize(process.env["CAPTURE_SIZE"]);
/** Whether this run captures at the default size (the only one whose runs also write the hook logs). */
export const DEFAULT_SIZE = SIZE.columns === 120 && SIZE.rows === 40;
/** Where the captures go, and the path every scratch path is rewritten to in them. */
export const SCREENS = join(ROOT, "test", "fixtures", "real", DEFAULT_SIZE ? "screens" : `screens-${SIZE.columns}x${SIZE.rows}`);
export const PORTABLE_ROOT = "/home/dev/e2e";

function captureSize(text: string | undefined): { columns: number; rows: number } {
  if (text === undefined || text === "") return { columns: 120, rows: 40 };
  const m = /^(\d+)x(\d+)$/.exec(text);
  const columns = Number(m?.[1]);
  const rows = Number(m?.[2]);
  if (!m || columns < 20 || rows < 8) throw new Error(`CAPTURE_SIZE=${text}: expected <columns>x<rows>, e.g. 80x24`);
  return { columns, rows };
}

/**
 * A hook log of a capture run, into test/fixtures/real/hooks/<name>: written at the default size
 * only (the events are the same at any pane size; a run at another size leaves the file as it is).
 */
export function writeHookLog(name: string, text: string): void {
  if (!DEFAULT_SIZE) {
    console.log(`hook log ${name} not written at ${SIZE.columns}x${SIZE.rows}`);
    return;
  }
  const file = join(ROOT, "test", "fixtures", "real", "hooks", name);
  writeFileSync(file, text);
  console.log(`captured ${file}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A private tmux server (tmux -L, never the user's) with one session of SIZE, and a scratch
 * directory whose path has the length of PORTABLE_ROOT, so that rewriting it keeps the columns.
 */
export class CaptureServer {
  readonly socket = `agentmux-capture-${process.pid}`;
  // "/tmp/am" and six random characters: as long as /home/dev/e2e.
  readonly root = realpathSync(mkdtempSync("/tmp/am"));
  private readonly env: NodeJS.ProcessEnv;

  constructor() {
    const env: NodeJS.ProcessEnv = { ...process.env, TERM: "xterm-256color" };
    delete env["TMUX"];
    delete env["TMUX_PANE"];
    this.env = env;
    this.tmux("-f", "/dev/null", "new-session", "-d", "-s", "capture", "-x", String(SIZE.columns), "-y", String(SIZE.rows), "-n", "base");
    this.tmux("set", "-g", "remain-on-exit", "on");
    this.tmux("set", "-g", "history-limit", "5000");
  }

  tmux(...args: string[]): string {
    return execFileSync("tmux", ["-L", this.socket, ...args], { env: this.env, encoding: "utf8" });
  }

  dir(name: string): string {
    const path = join(this.root, name);
    mkdirSync(path, { recursive: true });
    return path;
  }

  /** A new window running argv in cwd with env; returns its pane id. */
  launch(name: string, cwd: string, env: Record<string, string | undefined>, argv: string[]): string {
    const flags = Object.entries(env).flatMap(([k, v]) => ["-e", `${k}=${v ?? ""}`]);
    return this.tmux("new-window", "-d", "-P", "-F", "#{pane_id}", "-n", name, "-c", cwd, ...flags, "--", ...argv).trim();
  }

  kill(pane: string): void {
    try { this.tmux("kill-pane", "-t", pane); } catch { /* already gone */ }
  }

  /** Kill the server and remove its socket file (tmux 3.3a's kill-server leaves it behind). */
  stop(): void {
    let socket = "";
    try { socket = this.tmux("display-message", "-p", "#{socket_path}").trim(); } catch { /* no server */ }
    try { this.tmux("kill-server"); } catch { /* already gone */ }
    if (socket) rmSync(socket, { force: true });
  }

  screen(pane: string): string {
    return this.tmux("capture-pane", "-p", "-J", "-t", pane);
  }

  title(pane: string): string {
    return this.tmux("display-message", "-p", "-t", pane, "#{pane_title}");
  }

  /** Wait until the screen (or, with title, the title) matches; throws with the last screen. */
  async waitFor(pane: string, re: RegExp, timeoutMs = 60_000, where: "screen" | "title" = "screen"): Promise<string> {
    const end = Date.now() + timeoutMs;
    let text = "";
    while (Date.now() < end) {
      text = where === "title" ? this.title(pane) : this.screen(pane);
      if (re.test(text)) return text;
      await sleep(250);
    }
    throw new Error(`timed out waiting for ${re} on the ${where} of ${pane}; it was:\n${text}`);
  }

  /** Wait until the screen stops changing for quietMs (a dialog drawn in several frames). */
  async settle(pane: string, quietMs = 1500, timeoutMs = 20_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    let last = this.screen(pane);
    let since = Date.now();
    while (Date.now() < end && Date.now() - since < quietMs) {
      await sleep(250);
      const now = this.screen(pane);
      if (now !== last) { last = now; since = Date.now(); }
    }
  }

  /** Type text literally, then Enter as a separate key (a fast Enter can count as part of a paste). */
  async type(pane: string, text: string, enter = true): Promise<void> {
    // A CLI still drawing its first frames can drop keys: check the whole text arrived, retype once if not.
    for (let attempt = 0; attempt < 2; attempt++) {
      this.tmux("send-keys", "-t", pane, "-l", text);
      await sleep(400);
      if (this.screen(pane).includes(text)) break;
      await sleep(1500);
      if (this.screen(pane).includes(text)) break;
      this.tmux("send-keys", "-t", pane, "C-u");
      await sleep(500);
    }
    if (enter) this.tmux("send-keys", "-t", pane, "Enter");
  }

  async keys(pane: string, ...keys: string[]): Promise<void> {
    for (const key of keys) {
      this.tmux("send-keys", "-t", pane, key);
      await sleep(300);
    }
  }

  /** NAME.txt (capture-pane -p -J), NAME.ansi.txt (-e) and NAME.meta.txt, scratch paths rewritten. */
  capture(pane: string, name: string): void {
    // Claude also names its temporary directories after the cwd with "/" turned into "-".
    const dashed = (path: string) => path.replaceAll("/", "-");
    const portable = (text: string) => text.replaceAll(this.root, PORTABLE_ROOT).replaceAll(dashed(this.root), dashed(PORTABLE_ROOT));
    mkdirSync(SCREENS, { recursive: true });
    writeFileSync(join(SCREENS, `${name}.txt`), portable(this.screen(pane)));
    writeFileSync(join(SCREENS, `${name}.ansi.txt`), portable(this.tmux("capture-pane", "-p", "-J", "-e", "-t", pane)));
    const meta = this.tmux("display-message", "-p", "-t", pane, [
      "pane_title=#{pane_title}", "pane_current_command=#{pane_current_command}", "pane_pid=#{pane_pid}", "pane_dead=#{pane_dead}",
      "window_name=#{window_name}", "cursor=#{cursor_x},#{cursor_y}", "alternate_on=#{alternate_on}", "window_bell_flag=#{window_bell_flag}",
    ].join("\n"));
    writeFileSync(join(SCREENS, `${name}.meta.txt`), `${portable(meta.trimEnd())}\ncaptured_at=${new Date().toISOString().slice(11, 23)}\n`);
    console.log(`captured ${name}`);
  }
}
