import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shQuote } from "../util/sh.ts";
import { startDirArg } from "./commands.ts";
import type { Tmux } from "./tmux.ts";

/**
 * What a command inside a popup must see of this process's environment (a popup starts from the
 * server's): PATH, HOME, the XDG and AGENTMUX_ places, NO_COLOR, as an `env K=V … ` prefix.
 */
export function popupEnv(env: NodeJS.ProcessEnv, extra: readonly string[] = []): string {
  const keep = Object.entries(env).filter(([k, v]) => v !== undefined
    && (k === "PATH" || k === "HOME" || k === "NO_COLOR" || extra.includes(k) || /^XDG_(CONFIG|STATE|RUNTIME)_(HOME|DIR)$/.test(k) || (k.startsWith("AGENTMUX_") && !["AGENTMUX_SOCK", "AGENTMUX_SESSION", "AGENTMUX_TOKEN"].includes(k))));
  return keep.length === 0 ? "" : `env ${keep.map(([k, v]) => shQuote(`${k}=${v}`)).join(" ")} `;
}

/** How a popup ended: its command's exit status, never shown (no client; a popup already open), or closed before the command finished. */
export type PopupOutcome =
  | { kind: "exited"; exitCode: number }
  | { kind: "not-shown"; reason: string }
  | { kind: "interrupted" };

export interface PopupRequest {
  /** A sh command line. */
  command: string;
  dir: string;
  /** The client to show it on (default: tmux's current client). */
  client?: string | undefined;
  /** Keep the popup open after a failure until Enter, so its output can be read. */
  holdOnFailure?: boolean;
}

const STARTED = "started";

/**
 * Pure: the sh script a popup runs: it marks the status file as started, runs the command, then
 * writes the command's exit status into the status file (through a rename, so a reader never sees
 * half of it). tmux does not pass a popup's exit status back on every version, nor say whether
 * the popup was shown at all (a popup asked for while another is open is dropped silently).
 */
export function popupScript(command: string, statusFile: string, holdOnFailure = false): string {
  const file = shQuote(statusFile);
  const hold = holdOnFailure ? ` [ "$code" -eq 0 ] || { printf '\\n(press Enter)'; read -r _; };` : "";
  // A subshell, so even an `exit` in the command leaves the status to be written.
  return `printf ${STARTED} > ${file}; (
${command}
); code=$?; printf '%s\\n' "$code" > ${file}.tmp && mv ${file}.tmp ${file};${hold} exit "$code"`;
}

/** Pure: the outcome a status file's text stands for (undefined: the file does not exist). */
export function readPopupStatus(text: string | undefined, tmuxError: string): PopupOutcome {
  if (text === undefined) return { kind: "not-shown", reason: tmuxError || "tmux showed no popup (is one already open on that client?)" };
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { kind: "exited", exitCode: Number(trimmed) };
  return { kind: "interrupted" };
}

/** Run a command in `display-popup -E` on a client, wait for the popup to close, and say how its command ended. */
export async function runInPopup(tmux: Tmux, request: PopupRequest): Promise<PopupOutcome> {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-popup-"));
  const statusFile = join(dir, "status");
  try {
    let tmuxError = "";
    const client = request.client ? ["-c", request.client] : [];
    // tmux 3.3 exits with the popup command's status: a failure here may be the command's own.
    // sh explicitly: the popup runs its command with the user's default-shell, which may be fish.
    const script = `sh -c ${shQuote(popupScript(request.command, statusFile, request.holdOnFailure))}`;
    await tmux.run(["display-popup", ...client, "-E", "-d", startDirArg(request.dir), "-w", "80%", "-h", "60%", script]).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      // Only tmux's own words (its message repeats the whole command line before them).
      tmuxError = message.includes("failed: ") ? message.slice(message.lastIndexOf("failed: ") + 8) : message;
    });
    let text: string | undefined;
    try { text = readFileSync(statusFile, "utf8"); } catch { text = undefined; }
    return readPopupStatus(text, tmuxError);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
