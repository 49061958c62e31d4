import { spawn } from "node:child_process";
import { open } from "node:fs/promises";
import type { NotifyConfig } from "../config/config.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { which } from "../util/which.ts";
import type { Logger } from "./log.ts";
import type { Notice } from "../session/notices.ts";

/** A notification to give: a record's fields but when it was given and whether it was seen (src/session/notices.ts). */
export type Note = Omit<Notice, "at" | "seen">;

/** notify.command's environment: what the notification is about, so a script can link back (docs/notifications.md). */
export function noteEnvironment(note: Note, tmuxSocket: string): Record<string, string> {
  // An environment value cannot hold a NUL; one line each, so a script can put it in a header.
  const clean = (v: string) => v.replaceAll("\0", "").replace(/[\r\n]+/g, " ");
  return {
    AGENTMUX_NOTIFY_PANE: clean(note.pane),
    AGENTMUX_NOTIFY_NAME: clean(note.name),
    AGENTMUX_NOTIFY_BACKEND: clean(note.backend),
    AGENTMUX_NOTIFY_STATE: clean(note.state),
    AGENTMUX_NOTIFY_REASON: clean(note.reason),
    AGENTMUX_NOTIFY_TEXT: clean(note.text),
    AGENTMUX_NOTIFY_TMUX: clean(tmuxSocket),
  };
}

/** OSC 9 (iTerm2, Windows Terminal, kitty …) and OSC 777 (urxvt, foot, VTE …) desktop notifications. */
export function oscNotification(text: string): string {
  const clean = text.replace(/[\x00-\x1f\x7f-\x9f]/g, " ").replace(/;/g, ",");
  return `\x1b]9;${clean}\x07\x1b]777;notify;agentmux;${clean}\x07`;
}

/** Tells the people attached to the tmux server: on their terminals, in tmux, or through notify.command. */
export class Notifier {
  /**
   * config: notify's part of the daemon's current config; tmuxSocket: the server's socket (for
   * notify.command); record: keeps each notification given (src/daemon/notice-log.ts).
   */
  constructor(private readonly tmux: Tmux, private readonly log: Logger, private readonly config: () => NotifyConfig, private readonly tmuxSocket = "", private readonly record: (notice: Notice) => void = () => undefined) {}

  async notify(note: Note): Promise<void> {
    const config = this.config();
    if (!config.enabled) return;
    const { text } = note;
    this.log(`notify: ${text}`);
    this.record({ pane: note.pane, tokenHash: note.tokenHash, name: note.name, backend: note.backend, state: note.state, reason: note.reason, text, at: Date.now(), seen: false });
    if (config.sound) this.play(config.sound, config.player);
    if (config.command) {
      this.run(config.command, text, noteEnvironment(note, this.tmuxSocket));
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

  private run(command: string, text: string, env: Record<string, string>): void {
    const child = spawn("/bin/sh", ["-c", command], { stdio: ["pipe", "ignore", "ignore"], detached: true, env: { ...process.env, ...env } });
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
