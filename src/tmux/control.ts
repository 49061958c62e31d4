import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { EventEmitter } from "node:events";
import { AgentmuxError } from "../util/errors.ts";
import { commandLine, ControlParser, type ControlMessage } from "./control-parser.ts";
import { CLIENT_UTF8, serverArgs, type TmuxServer } from "./server.ts";
import { tmuxEnv, tmuxFailure, type TmuxTransport } from "./transport.ts";
import { eachLine } from "../util/line-reader.ts";
import { pidAlive } from "../util/proc.ts";

interface Pending { resolve: (lines: string[]) => void; reject: (error: Error) => void; command: string }

export interface ControlClientOptions {
  server: TmuxServer;
  program?: string;
  /** Flags for attach-session -f (tmux >= 3.2); ignore-size keeps the client from resizing windows. */
  attachFlags?: string[];
  /** Reconnect when the connection drops while the server lives (default true). */
  reconnect?: boolean;
}

/** A server's identity: its pid and start time. A new server on the same socket has another one. */
const IDENTITY = ["display-message", "-p", "#{pid}:#{start_time}"];

/**
 * One persistent control-mode connection (`tmux -C attach-session`) to one tmux server. Commands
 * are answered in the order sent; notifications are emitted as events:
 *   "notification" (ControlMessage of type notification), "output" (pane, data),
 *   "connected", "disconnected", "server-gone" (its server is gone: none to reconnect to, or
 *   another server took its socket, whose panes are not this client's to see).
 */
export class ControlClient extends EventEmitter implements TmuxTransport {
  private readonly options: Required<ControlClientOptions>;
  private child: ChildProcessWithoutNullStreams | null = null;
  private pending: Pending[] = [];
  private closed = false;
  private identity = "";

  constructor(options: ControlClientOptions) {
    super();
    this.options = { program: "tmux", attachFlags: ["ignore-size"], reconnect: true, ...options };
  }

  get connected(): boolean {
    return this.child !== null;
  }

  /** The server's `#{pid}:#{start_time}`, learned at the first connect (empty before). */
  get serverId(): string {
    return this.identity;
  }

  /** Connect; resolves once tmux has answered the attach. Rejects when there is no server or session. */
  async connect(): Promise<void> {
    this.closed = false;
    await this.spawnOnce();
  }

  private async spawnOnce(): Promise<void> {
    // attach-session would start a server of its own: only attach to one that exists.
    if (!(await this.serverHasSessions())) throw new AgentmuxError("no tmux server with a session to attach to");
    const child = await this.attach();
    // Nobody else may send a command before the server is known to be ours (this.child is unset).
    const id = (await this.send(child, IDENTITY).catch(() => [""]))[0] ?? "";
    if (this.identity && id !== this.identity) {
      child.stdin.end();
      throw new ServerChanged(`the tmux server ${this.identity} is gone; another (${id || "unknown"}) runs on its socket`);
    }
    this.identity = id;
    this.child = child;
    this.emit("connected");
  }

  /** Whether the server this client first attached to still runs (its pid from the identity). */
  private serverAlive(): boolean {
    const pid = Number(this.identity.split(":")[0]);
    return !Number.isInteger(pid) || pid <= 0 || pidAlive(pid);
  }

  private serverHasSessions(): Promise<boolean> {
    return new Promise((resolve) => {
      const probe = spawn(this.options.program, [...serverArgs(this.options.server), "has-session"], { env: this.env(), stdio: "ignore" });
      probe.on("error", () => resolve(false));
      probe.on("close", (code) => resolve(code === 0));
    });
  }

  private env(): NodeJS.ProcessEnv {
    return tmuxEnv(this.options.server);
  }

  private attach(): Promise<ChildProcessWithoutNullStreams> {
    const args = [CLIENT_UTF8, ...serverArgs(this.options.server), "-C", "attach-session"];
    if (this.options.attachFlags.length > 0) args.push("-f", this.options.attachFlags.join(","));
    const child = spawn(this.options.program, args, { env: this.env(), stdio: ["pipe", "pipe", "pipe"] });
    const parser = new ControlParser();
    let stderr = "";
    let attached = false;
    return new Promise<ChildProcessWithoutNullStreams>((resolve, reject) => {
      child.stderr.on("data", (chunk: Buffer) => { stderr += chunk.toString(); });
      child.on("error", (error) => {
        reject(new AgentmuxError(`could not start ${this.options.program} -C: ${error.message}`, { cause: error }));
      });
      eachLine(child.stdout, (line) => {
        const message = parser.feed(line);
        if (!message) return;
        if (!attached && message.type === "response") {
          if (!message.ok) {
            stderr += message.lines.join(" ");
            child.stdin.end();
            return;
          }
          attached = true;
          resolve(child);
          return;
        }
        this.dispatch(message);
      });
      child.on("close", () => {
        const wasOurs = this.child === child;
        if (wasOurs) this.child = null;
        this.failPending(new AgentmuxError("the tmux control connection closed"));
        if (!attached) {
          const text = stderr.trim() || "tmux -C exited before attaching";
          reject(new AgentmuxError(`control mode: ${text}`));
          return;
        }
        // A connection closed before it was verified as this server's was never announced.
        if (!wasOurs) return;
        this.emit("disconnected");
        if (!this.closed && this.options.reconnect) void this.reconnectLoop();
      });
    });
  }

  private async reconnectLoop(): Promise<void> {
    let delay = 100;
    for (let attempt = 0; attempt < 6 && !this.closed; attempt++) {
      await new Promise((r) => setTimeout(r, delay));
      if (this.closed) return;
      // Its server has ended: a server started since on the same socket is another one.
      if (!this.serverAlive()) break;
      try {
        await this.spawnOnce();
        return;
      } catch (error) {
        if (error instanceof ServerChanged) break;
        delay = Math.min(delay * 2, 2000);
      }
    }
    if (!this.closed) this.emit("server-gone");
  }

  private dispatch(message: ControlMessage): void {
    switch (message.type) {
      case "response": {
        // Only blocks from our own commands (flags bit 1) answer a pending command.
        if ((message.flags & 1) === 0) return;
        const pending = this.pending.shift();
        if (!pending) return;
        if (message.ok) pending.resolve(message.lines);
        else pending.reject(tmuxFailure({ program: this.options.program, server: this.options.server, args: [pending.command], stderr: message.lines.join(" "), message: "failed" }));
        return;
      }
      case "output":
        this.emit("output", message.pane, message.data);
        return;
      case "exit":
        this.emit("exit", message.reason);
        return;
      case "notification":
        this.emit("notification", message);
        this.emit(message.name, message.args);
        return;
    }
  }

  /** The transport's form of command: the output lines joined (no stdin on a control connection). */
  async run(args: string[], input?: string): Promise<string> {
    if (input !== undefined) throw new AgentmuxError("a control-mode command takes no input");
    return (await this.command(args)).join("\n");
  }

  /** The transport's form of command's lines. */
  lines(args: string[]): Promise<string[]> {
    return this.command(args);
  }

  /** Send one command (argv form); resolves with its output lines. */
  command(args: string[]): Promise<string[]> {
    const child = this.child;
    if (!child) return Promise.reject(new AgentmuxError("the tmux control connection is not open"));
    return this.send(child, args);
  }

  private send(child: ChildProcessWithoutNullStreams, args: string[]): Promise<string[]> {
    const line = commandLine(args);
    return new Promise<string[]>((resolve, reject) => {
      this.pending.push({ resolve, reject, command: line });
      // The commands sent in one turn of the event loop go to tmux in one write (a screen tick's
      // captures: one system call, not one each; tmux reads them line by line all the same).
      if (child.stdin.writableCorked === 0) {
        child.stdin.cork();
        process.nextTick(() => child.stdin.uncork());
      }
      child.stdin.write(`${line}\n`);
    });
  }

  private failPending(error: Error): void {
    const pending = this.pending;
    this.pending = [];
    for (const p of pending) p.reject(error);
  }

  /** Close for good (no reconnect). */
  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    if (!child) return;
    await new Promise<void>((resolve) => {
      child.once("close", () => resolve());
      child.stdin.end();
      setTimeout(() => child.kill("SIGTERM"), 500).unref();
    });
  }
}

class ServerChanged extends AgentmuxError {}
