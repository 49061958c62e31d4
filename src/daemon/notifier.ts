import { spawn } from "node:child_process";
import { open } from "node:fs/promises";
import type { NotifyConfig } from "../config/config.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { which } from "../util/which.ts";
import type { Logger } from "./log.ts";

/** OSC 9 (iTerm2, Windows Terminal, kitty …) and OSC 777 (urxvt, foot, VTE …) desktop notifications. */
export function oscNotification(text: string): string {
  const clean = text.replace(/[\x00-\x1f\x7f-\x9f]/g, " ").replace(/;/g, ",");
  return `\x1b]9;${clean}\x07\x1b]777;notify;agentmux;${clean}\x07`;
}

/** Tells the people attached to the tmux server: on their terminals, in tmux, or through notify.command. */
export class Notifier {
  /** config: notify's part of the daemon's current config. */
  constructor(private readonly tmux: Tmux, private readonly log: Logger, private readonly config: () => NotifyConfig) {}

  async notify(text: string): Promise<void> {
    const config = this.config();
    if (!config.enabled) return;
    this.log(`notify: ${text}`);
    if (config.sound) this.play(config.sound, config.player);
    if (config.command) {
      this.run(config.command, text);
      return;
    }
    for (const tty of await this.tmux.humanClients().catch(() => [] as string[])) {
      await this.writeTty(tty, oscNotification(text));
      await this.tmux.displayMessage(text, tty).catch(() => undefined);
    }
  }

  private async writeTty(tty: string, bytes: string): Promise<void> {
    try {
      // Non-blocking: a terminal that is not reading never holds up the daemon.
      const handle = await open(tty, "a");
      await Promise.race([handle.write(bytes), new Promise((r) => setTimeout(r, 200))]);
      await handle.close();
    } catch (error) {
      this.log(`notify: cannot write to ${tty}: ${(error as Error).message}`);
    }
  }

  private run(command: string, text: string): void {
    const child = spawn("/bin/sh", ["-c", command], { stdio: ["pipe", "ignore", "ignore"], detached: true });
    child.on("error", (e) => this.log(`notify.command: ${e.message}`));
    child.stdin.on("error", () => undefined);
    child.stdin.end(`${text}\n`);
    child.unref();
  }

  private play(sound: string, player: string | undefined): void {
    const program = player ?? ["paplay", "aplay", "afplay"].find((p) => which(p));
    if (!program) { this.log("notify.sound: no player found (set notify.player)"); return; }
    const child = spawn(program, [sound], { stdio: "ignore", detached: true });
    child.on("error", (e) => this.log(`notify.sound: ${e.message}`));
    child.unref();
  }
}
