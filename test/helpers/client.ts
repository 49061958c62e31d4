import { join } from "node:path";
import { ROOT, type TestServer } from "./tmux-server.ts";

export const PLUGIN = join(ROOT, "tmux", "agentmux.tmux");

/**
 * A person at a terminal: a real tmux client of `server`, running in a pane of a second private
 * server (`viewer`), so keys can be typed into it and its screen read with capture-pane.
 */
export class Person {
  client = "";
  constructor(readonly server: TestServer, readonly viewer: TestServer) {}

  async attach(session = "base"): Promise<string> {
    await this.viewer.tmux(["send-keys", "-t", "base", `env -u TMUX tmux -L ${this.server.name} attach -t ${session}`, "Enter"]);
    await this.server.waitFor("a client attached", async () => (this.client = await this.clientName()) !== "");
    return this.client;
  }

  private async clientName(): Promise<string> {
    const out = String((await this.server.tmux(["list-clients", "-F", "#{client_control_mode} #{client_name}"])).stdout);
    return out.split("\n").find((l) => l.startsWith("0 "))?.slice(2) ?? "";
  }

  /** Keys as typed (tmux key names: C-b, Escape, Enter, or text). */
  async type(...keys: string[]): Promise<void> {
    await this.viewer.tmux(["send-keys", "-t", "base", ...keys]);
  }

  /** What the person sees; with escapes, the colours too. */
  async screen(escapes = false): Promise<string> {
    return String((await this.viewer.tmux(["capture-pane", "-p", ...(escapes ? ["-e"] : []), "-t", "base"])).stdout);
  }

  async waitForScreen(pattern: RegExp, timeoutMs = 20_000): Promise<string> {
    let screen = "";
    await this.server.waitFor(`${pattern} on screen`, async () => pattern.test((screen = await this.screen())), timeoutMs).catch((e: Error) => {
      throw new Error(`${e.message}; screen was:\n${screen}`);
    });
    return screen;
  }

  /** The pane the client shows. */
  async pane(): Promise<string> {
    return String((await this.server.tmux(["display-message", "-p", "-c", this.client, "#{pane_id}"])).stdout);
  }

  async waitForPane(pane: string): Promise<void> {
    let last = "";
    await this.server.waitFor(`client on ${pane}`, async () => (last = await this.pane()) === pane).catch((e: Error) => {
      throw new Error(`${e.message} (it shows ${last})`);
    });
  }
}

/** The rows inside a popup or menu border: the text between the first and the last │ of each line. */
export function boxed(screen: string): string[] {
  return screen.split("\n").filter((l) => /│.*│/.test(l)).map((l) => l.slice(l.indexOf("│") + 1, l.lastIndexOf("│")).trimEnd());
}

export interface Sgr { bold: boolean; dim: boolean; italic: boolean; fg: string }

/** The SGR state in force where `text` starts, on the first line inside a popup (│ … │) holding it (capture-pane -e output). */
export function styleOf(screen: string, text: string): Sgr | null {
  const line = screen.split("\n").find((l) => /│.*│/.test(l) && l.replace(/\x1b\[[0-9;]*m/g, "").includes(text));
  if (line === undefined) return null;
  const start = line.replace(/\x1b\[[0-9;]*m/g, "").indexOf(text);
  const state: Sgr = { bold: false, dim: false, italic: false, fg: "" };
  let seen = 0;
  for (const part of line.split(/(\x1b\[[0-9;]*m)/)) {
    const codes = /^\x1b\[([0-9;]*)m$/.exec(part)?.[1];
    if (codes === undefined) {
      if (seen + part.length > start) return { ...state };
      seen += part.length;
      continue;
    }
    for (const code of (codes || "0").split(";").map(Number)) {
      if (code === 0) Object.assign(state, { bold: false, dim: false, italic: false, fg: "" });
      else if (code === 1) state.bold = true;
      else if (code === 2) state.dim = true;
      else if (code === 3) state.italic = true;
      else if (code === 22) { state.bold = false; state.dim = false; }
      else if (code === 23) state.italic = false;
      else if (code === 39) state.fg = "";
      else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) state.fg = String(code);
    }
  }
  return null;
}
