import { spawn } from "node:child_process";
import { TmuxRunner } from "./runner.ts";
import { CLIENT_FIELDS, CLIENT_FORMAT, PANE_FIELDS, PANE_FORMAT, parseRecords, RecordReader, WINDOW_FIELDS, WINDOW_FORMAT, type ClientRecord, type PaneRecord, type WindowRecord } from "./formats.ts";
import { setOptionArgs, showOptionArgs, unsetOptionArgs, type OptionScope } from "./options.ts";
import { serverArgs, type TmuxServer } from "./server.ts";
import { displayMessageArgs, renameWindowArgs, runShellArgs, setFormatOptionArgs, startDirArg, windowNameArg } from "./commands.ts";
import { jumpArgs } from "./jump.ts";
import { tmuxEnv, type TmuxTransport } from "./transport.ts";
import type { TmuxVersion } from "./version.ts";
import { THEN, type Format } from "./safe-text.ts";

export interface SpawnRequest {
  /** argv of the program; run through the shell-free form of new-window. */
  argv: string[];
  dir: string;
  env: Record<string, string>;
  /** Split this pane instead of opening a window (the new pane goes to its right). */
  splitFrom?: string | undefined;
  /** With splitFrom: the new pane's width, as a percentage of the space split. */
  percent?: number | undefined;
  /** Where the new window goes (a session name or id) when not splitting. */
  session?: string | undefined;
  windowName?: string | undefined;
}

const envArgs = (env: Record<string, string>) => Object.entries(env).flatMap(([k, v]) => ["-e", `${k}=${v}`]);

/** Where a display-message -p expands a format: a pane or window (target), a client's current pane, or tmux's current one. */
export interface FormatWhere { target?: string | undefined; client?: string | undefined }

/**
 * The tmux operations agentmux needs, on one server: the only code outside src/tmux that talks to
 * tmux goes through these methods. Commands go over one transport: the one-shot runner (default)
 * or the daemon's control-mode connection (`new Tmux(server, controlClient)`).
 */
export class Tmux {
  readonly server: TmuxServer;
  readonly transport: TmuxTransport;
  /** The daemon lists every pane every few seconds: the records of panes that did not change are kept. */
  private readonly panes = new RecordReader(PANE_FIELDS);
  /** The socket path, once asked (socketPath, serverPlace): callers at the same time share one tmux process. */
  private socket: Promise<string> | undefined;

  constructor(server: TmuxServer = {}, transport?: TmuxTransport) {
    this.server = server;
    this.transport = transport ?? new TmuxRunner(server);
  }

  /** A command built by the builders in src/tmux (commands.ts, menu.ts, options.ts, jump.ts). */
  run(args: string[], input?: string): Promise<string> {
    return this.transport.run(args, input);
  }

  /** A command's output as lines (none for no output), without joining and splitting them again over a control connection. */
  async runLines(args: string[]): Promise<string[]> {
    if (this.transport.lines) return this.transport.lines(args);
    const out = await this.run(args);
    return out === "" ? [] : out.split("\n");
  }

  /** Like run, but a failure answers null (for probes of panes that may be gone). */
  async tryRun(args: string[]): Promise<string | null> {
    try {
      return await this.run(args);
    } catch {
      return null;
    }
  }

  /** The installed tmux's version, checked against the oldest agentmux supports. */
  async version(): Promise<TmuxVersion> {
    return new TmuxRunner(this.server, this.transport instanceof TmuxRunner ? this.transport.program : "tmux").version();
  }

  /** The server's socket path (asked once: the same -L/-S always names the same path). */
  socketPath(): Promise<string> {
    return this.socket ?? this.rememberSocket(this.run(["display-message", "-p", "#{socket_path}"]));
  }

  /** The socket path as it will be answered; a failed question is asked again next time (the server may be starting). */
  private rememberSocket(asked: Promise<string>): Promise<string> {
    this.socket = asked;
    asked.catch(() => { if (this.socket === asked) this.socket = undefined; });
    return asked;
  }

  /** The running server's identity, `pid:start_time` (a new server on the same socket has another). */
  async serverId(): Promise<string> {
    return this.run(["display-message", "-p", "#{pid}:#{start_time}"]);
  }

  /** The server's identity and socket path, in one question (socketPath asked meanwhile waits for its answer). */
  serverPlace(): Promise<{ id: string; socket: string }> {
    const place = this.run(["display-message", "-p", "#{pid}:#{start_time} #{socket_path}"]).then((text) => {
      const space = text.indexOf(" ");
      return { id: text.slice(0, space), socket: text.slice(space + 1) };
    });
    if (!this.socket) this.rememberSocket(place.then((p) => p.socket));
    return place;
  }

  /** The expansion of one of agentmux's own formats (display-message -p) at a target, on a client, or at tmux's current pane. */
  async expand(format: string, where: FormatWhere = {}): Promise<string> {
    return this.run(["display-message", "-p", ...(where.client ? ["-c", where.client] : []), ...(where.target ? ["-t", where.target] : []), format]);
  }

  /** The name of tmux's current client ("" when there is none). */
  async currentClient(): Promise<string> {
    return (await this.expand("#{client_name}").catch(() => "")).trim();
  }

  /** One line per pane of every session, in one of agentmux's own formats; with a filter (a format), only the panes for which it is true. */
  async paneLines(format: string, filter?: string): Promise<string[]> {
    return this.runLines(["list-panes", "-a", ...(filter === undefined ? [] : ["-f", filter]), "-F", format]);
  }

  /** The ttys of the clients a person uses (not control-mode ones such as the daemon's). */
  async humanClients(): Promise<string[]> {
    const out = await this.run(["list-clients", "-F", "#{client_control_mode} #{client_tty}"]);
    return out.split("\n").map((line) => line.split(" ")).filter(([control, tty]) => control === "0" && tty).map(([, tty]) => tty ?? "");
  }

  /** Panes a person is looking at: the active pane of the active window of each session a person's client shows. */
  async panesInView(): Promise<string[]> {
    const clients = (await this.run(["list-clients", "-F", "#{client_control_mode} #{session_id}"])).split("\n");
    const viewed = new Set(clients.filter((l) => l.startsWith("0 ")).map((l) => l.slice(2)));
    if (viewed.size === 0) return [];
    const panes = await this.paneLines("#{pane_id} #{session_id} #{window_active} #{pane_active}");
    return panes
      .map((line) => line.split(" "))
      .filter(([, session, windowActive, paneActive]) => session !== undefined && viewed.has(session) && windowActive === "1" && paneActive === "1")
      .map(([pane]) => pane ?? "");
  }

  /** Show text in the status line of a client (or tmux's current one), literally. */
  async displayMessage(text: string, client?: string): Promise<void> {
    await this.run(displayMessageArgs({ client, text }));
  }

  /** Show text on every person's client; a client that fails is skipped. */
  async displayOnAllClients(text: string): Promise<void> {
    for (const tty of await this.humanClients().catch(() => [] as string[])) await this.displayMessage(text, tty).catch(() => undefined);
  }

  /** Redraw the status line of every person's client (a pushed segment changed). */
  async refreshStatusLines(): Promise<void> {
    for (const tty of await this.humanClients().catch(() => [] as string[])) await this.run(["refresh-client", "-S", "-t", tty]).catch(() => undefined);
  }

  async setEnvironment(name: string, value: string): Promise<void> {
    await this.run(["set-environment", "-g", name, value]);
  }

  /** The server's global environment, which new panes get: a value, or null for a variable marked removed (-NAME). */
  async globalEnvironment(): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    for (const line of (await this.run(["show-environment", "-g"])).split("\n")) {
      if (line.startsWith("-")) out.set(line.slice(1), null);
      else if (line.includes("=")) out.set(line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1));
    }
    return out;
  }

  /** run-shell of argv (each word quoted; -b: in the background). */
  async runShell(argv: readonly string[], options: { background?: boolean } = {}): Promise<string> {
    return this.run(runShellArgs(argv, options));
  }

  async hasServer(): Promise<boolean> {
    return (await this.tryRun(["list-sessions", "-F", "#{session_id}"])) !== null;
  }

  async listPanes(): Promise<PaneRecord[]> {
    return this.panes.parse(await this.runLines(["list-panes", "-a", "-F", PANE_FORMAT]));
  }

  async listWindows(): Promise<WindowRecord[]> {
    return parseRecords(WINDOW_FIELDS, await this.run(["list-windows", "-a", "-F", WINDOW_FORMAT]));
  }

  async listClients(): Promise<ClientRecord[]> {
    return parseRecords(CLIENT_FIELDS, await this.run(["list-clients", "-F", CLIENT_FORMAT]));
  }

  /** The keys of a key table, each with its note (bind-key -N), or its command when it has none: what the plugin bound is noted "agentmux: …". */
  async keyNotes(table = "prefix"): Promise<Map<string, string>> {
    const notes = new Map<string, string>();
    for (const line of (await this.run(["list-keys", "-N", "-a", "-T", table])).split("\n")) {
      const match = /^(\S+)\s+(.*)$/.exec(line);
      if (match) notes.set(match[1] ?? "", (match[2] ?? "").trim());
    }
    return notes;
  }

  async getOption(scope: OptionScope, name: string): Promise<string> {
    return this.run(showOptionArgs(scope, name));
  }

  async setOption(scope: OptionScope, name: string, value: string): Promise<void> {
    await this.run(setOptionArgs(scope, name, value));
  }

  /** An option tmux reads as a format (a border, a status segment): only a Format goes in. */
  async setFormatOption(scope: OptionScope, name: string, value: Format): Promise<void> {
    await this.run(setFormatOptionArgs(scope, name, value));
  }

  async unsetOption(scope: OptionScope, name: string): Promise<void> {
    await this.run(unsetOptionArgs(scope, name));
  }

  /** Set several pane options in one tmux call. */
  async setPaneOptions(pane: string, values: Record<string, string>): Promise<void> {
    const args: string[] = [];
    for (const [name, value] of Object.entries(values)) {
      if (args.length > 0) args.push(THEN);
      args.push(...setOptionArgs({ pane }, name, value));
    }
    if (args.length > 0) await this.run(args);
  }

  /** Open a window (or split a pane) running argv, detached; answers the new pane id. */
  async spawn(request: SpawnRequest): Promise<string> {
    const base = request.splitFrom
      ? ["split-window", "-d", "-h", ...(request.percent !== undefined ? ["-l", `${Math.round(request.percent)}%`] : []), "-t", request.splitFrom]
      : ["new-window", "-d", ...(request.session ? ["-t", `${request.session}:`] : []), ...(request.windowName ? ["-n", windowNameArg(request.windowName)] : [])];
    const args = [...base, "-P", "-F", "#{pane_id}", "-c", startDirArg(request.dir), ...envArgs(request.env), "--", ...request.argv];
    return (await this.run(args)).trim();
  }

  /**
   * Start a detached session running argv (a one-shot command: it may start the server, reading
   * configFile, e.g. /dev/null, instead of the user's tmux.conf).
   */
  async newSession(request: { name: string; width: number; height: number; dir: string; env: Record<string, string>; argv: string[]; configFile?: string }): Promise<void> {
    await this.run([...(request.configFile ? ["-f", request.configFile] : []), "new-session", "-d", "-s", request.name, "-x", String(request.width), "-y", String(request.height), "-c", startDirArg(request.dir), ...envArgs(request.env), "--", ...request.argv]);
  }

  /** The command line that attaches to a session of this server, for a person to type. */
  attachCommandLine(target: string): string {
    return ["tmux", ...serverArgs(this.server), "attach", "-t", target].join(" ");
  }

  /** Replace a pane's process in place (same pane id), running argv in dir. */
  async respawn(pane: string, request: { argv: string[]; dir: string; env: Record<string, string> }): Promise<void> {
    await this.run(["respawn-pane", "-k", "-t", pane, "-c", startDirArg(request.dir), ...envArgs(request.env), "--", ...request.argv]);
  }

  /** Type text literally (no key-name lookup). */
  async sendLiteral(pane: string, text: string): Promise<void> {
    await this.run(["send-keys", "-t", pane, "-l", "--", text]);
  }

  async sendKeys(pane: string, keys: string[]): Promise<void> {
    await this.run(["send-keys", "-t", pane, "--", ...keys]);
  }

  /** Paste text as a bracketed paste when the program asked for one, through a private buffer. */
  async paste(pane: string, text: string): Promise<void> {
    const buffer = `agentmux-${process.pid}-${Date.now()}`;
    await this.run(["load-buffer", "-b", buffer, "-"], text);
    await this.run(["paste-buffer", "-p", "-d", "-r", "-b", buffer, "-t", pane]);
  }

  /** The screen (plus `history` lines of scrollback) as plain text, escape codes left out; wrapped lines joined unless join is false. */
  async capture(pane: string, options: { history?: number; escapes?: boolean; join?: boolean } = {}): Promise<string> {
    const args = ["capture-pane", "-p", ...(options.join === false ? [] : ["-J"]), "-t", pane];
    if (options.escapes) args.push("-e");
    if (options.history !== undefined) args.push("-S", options.history === Infinity ? "-" : String(-options.history));
    return this.run(args);
  }

  /** Like capture, but null when the pane is gone. */
  async tryCapture(pane: string, options: { history?: number; escapes?: boolean; join?: boolean } = {}): Promise<string | null> {
    return this.capture(pane, options).catch(() => null);
  }

  /** The expansion of one of agentmux's own formats for a target (display-message -p); null when the target is gone. */
  async query(target: string, format: string): Promise<string | null> {
    return this.tryRun(["display-message", "-p", "-t", target, format]);
  }

  /**
   * The text of the pane's copy-mode selection, or null when it has none (not in copy mode, or
   * nothing selected). The selection stays as it was: it is copied into a private buffer, read
   * and that buffer deleted.
   */
  async selectionText(pane: string): Promise<string | null> {
    const [mode = "", present = ""] = ((await this.query(pane, "#{pane_in_mode}\x1f#{selection_present}")) ?? "").split("\n")[0]?.split("\x1f") ?? [];
    if (mode !== "1" || present !== "1") return null;
    const prefix = `agentmux-selection-${process.pid}-${Date.now()}-`;
    await this.run(["send-keys", "-t", pane, "-X", "copy-selection-no-clear", prefix]);
    const names = (await this.run(["list-buffers", "-F", "#{buffer_name}"])).split("\n").filter((n) => n.startsWith(prefix));
    let text: string | null = null;
    for (const name of names) {
      text ??= await this.run(["show-buffer", "-b", name]);
      await this.run(["delete-buffer", "-b", name]).catch(() => undefined);
    }
    return text;
  }

  /** The text of the newest paste buffer (what tmux's paste-buffer pastes), or null when there is none. */
  async topBuffer(): Promise<string | null> {
    return this.tryRun(["show-buffer"]);
  }

  /** Show text literally in the status line of every person's client whose current window is `window`. */
  async displayInWindow(window: string, text: string): Promise<number> {
    const out = await this.run(["list-clients", "-F", "#{client_control_mode}\x1f#{client_name}\x1f#{window_id}"]).catch(() => "");
    let shown = 0;
    for (const [control, name, shows] of out.split("\n").map((l) => l.split("\x1f"))) {
      if (control !== "0" || !name || shows !== window) continue;
      await this.displayMessage(text, name).catch(() => undefined);
      shown++;
    }
    return shown;
  }

  async killPane(pane: string): Promise<void> {
    await this.run(["kill-pane", "-t", pane]);
  }

  async selectPane(pane: string): Promise<void> {
    await this.run(["select-pane", "-t", pane]);
  }

  async renameWindow(pane: string, name: string): Promise<void> {
    await this.run(renameWindowArgs(pane, name));
  }

  async selectWindow(target: string): Promise<void> {
    await this.run(["select-window", "-t", target]);
  }

  /** Make the pane current in its window and its window current in its session (no client switches). */
  async showPane(pane: string): Promise<void> {
    await this.run(["select-window", "-t", pane, THEN, "select-pane", "-t", pane]);
  }

  async switchClient(target: string, client?: string): Promise<void> {
    await this.run(["switch-client", ...(client ? ["-c", client] : []), "-t", target]);
  }

  /** Make the pane current in its window and session; switch the given client (or the current one) to it. */
  async focus(pane: string, client?: string): Promise<void> {
    await this.showPane(pane);
    await this.switchClient(pane, client);
  }

  /** Like focus, in one tmux command (a key binding's jump). */
  async jump(pane: string, client?: string): Promise<void> {
    await this.run(jumpArgs(pane, client));
  }

  /**
   * Attach this terminal to a session (outside tmux, or a server other than $TMUX's): a tmux
   * client in the foreground until it detaches; answers its exit status. utf8: the terminal takes
   * UTF-8 whatever the locale says (tmux -u; another machine's view in a tmux pane, over ssh,
   * where the login's locale is often unset).
   */
  attach(target: string, options: { utf8?: boolean } = {}): Promise<number> {
    const program = this.transport instanceof TmuxRunner ? this.transport.program : "tmux";
    const env = tmuxEnv(this.server);
    // Attaching from inside tmux would nest: the new client is not that server's to redirect.
    delete env["TMUX"];
    delete env["TMUX_PANE"];
    return new Promise((resolve, reject) => {
      const child = spawn(program, [...(options.utf8 ? ["-u"] : []), ...serverArgs(this.server), "attach-session", "-t", target], { stdio: "inherit", env });
      child.on("error", reject);
      child.on("close", (code) => resolve(code ?? 1));
    });
  }
}
