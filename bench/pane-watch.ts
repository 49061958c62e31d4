import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ControlClient } from "../src/tmux/control.ts";
import { ROOT } from "../test/helpers/tmux-server.ts";

/** Wall-clock ms since the epoch with sub-ms precision: comparable with the journal's and the log's times. */
export const now = (): number => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const SCREEN_EVERY_MS = 20;
const STATE_EVERY_MS = 10;

export interface Seen {
  /** When a capture first matched the screen pattern (or, with absent, first did not), if it did. */
  screenAt?: number;
  /** When @agentmux-state first read as the wanted state, if it was wanted. */
  stateAt?: number;
}

/**
 * Watches one server's panes from the bench process the way a user's eyes and tmux do: one
 * control-mode connection polls capture-pane every 20 ms, another @agentmux-state every 10 ms
 * (two connections, so neither poll waits behind the other). No %output: the panes' redraws
 * would only load the bench.
 */
export class PaneWatch {
  private readonly screen: ControlClient;
  private readonly state: ControlClient;

  constructor(socketName: string) {
    const options = { server: { socketName }, attachFlags: ["ignore-size", "no-output"], reconnect: false };
    this.screen = new ControlClient(options);
    this.state = new ControlClient(options);
  }

  async connect(): Promise<void> {
    await Promise.all([this.screen.connect(), this.state.connect()]);
  }

  async close(): Promise<void> {
    await Promise.all([this.screen.close(), this.state.close()]);
  }

  async capture(pane: string): Promise<string> {
    return (await this.screen.command(["capture-pane", "-p", "-t", pane])).join("\n");
  }

  async readState(pane: string): Promise<string> {
    return (await this.state.command(["show-option", "-pqv", "-t", pane, "@agentmux-state"]))[0] ?? "";
  }

  /** Keys typed into a pane, as tmux send-keys does for a user; resolves once tmux has written them. */
  async keys(pane: string, ...keys: string[]): Promise<void> {
    await this.screen.command(["send-keys", "-t", pane, ...keys]);
  }

  /**
   * Poll until the state reads `state` (when given) and the screen matches `screen` (when given;
   * with absent, until it no longer does); a screen still unmatched graceMs after the state was
   * reached is given up (left undefined). Times are those of the answers' arrival.
   */
  async until(pane: string, want: { screen?: RegExp; absent?: boolean; state?: string; timeoutMs?: number; graceMs?: number }): Promise<Seen> {
    const seen: Seen = {};
    const deadline = now() + (want.timeoutMs ?? 30_000);
    const grace = want.graceMs ?? 2000;
    const over = () => now() > deadline || (seen.stateAt !== undefined && now() > seen.stateAt + grace);
    const screenLoop = async () => {
      if (!want.screen) return;
      while (seen.screenAt === undefined && !over()) {
        if (want.screen.test(await this.capture(pane)) !== (want.absent ?? false)) seen.screenAt = now();
        else await sleep(SCREEN_EVERY_MS);
      }
    };
    const stateLoop = async () => {
      if (want.state === undefined) return;
      while (seen.stateAt === undefined && now() < deadline) {
        if ((await this.readState(pane)) === want.state) seen.stateAt = now();
        else await sleep(STATE_EVERY_MS);
      }
    };
    await Promise.all([screenLoop(), stateLoop()]);
    if (want.state !== undefined && seen.stateAt === undefined) throw new Error(`${pane}: @agentmux-state never read ${want.state} (last: ${await this.readState(pane)})`);
    if (want.state === undefined && want.screen && seen.screenAt === undefined) throw new Error(`${pane}: ${want.screen} never showed; screen:\n${await this.capture(pane)}`);
    return seen;
  }
}

/** The first journaled hook event for a pane since a time whose name is one of `events`, with its spool time. */
export function journaledAt(file: string, pane: string, events: string[], since: number): number | undefined {
  let text = "";
  try { text = readFileSync(file, "utf8"); } catch { return undefined; }
  for (const line of text.split("\n")) {
    if (!line) continue;
    const e = JSON.parse(line) as { pane?: string; event?: string; at?: number; result?: string };
    if (e.pane === pane && events.includes(e.event ?? "") && typeof e.at === "number" && e.at >= since && e.result === "blocked") return e.at;
  }
  return undefined;
}

const HOOK = join(ROOT, "shell", "agentmux-hook");

/** The shell hook forwarder with an empty payload, as a CLI runs it; resolves when it exits. */
export function runHook(event: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(HOOK, [event], { env, stdio: ["pipe", "ignore", "ignore"] });
    child.on("close", () => resolve());
    child.stdin.end("{}");
  });
}
