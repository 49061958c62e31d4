import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { editFile, editorCommand } from "../tmux/editor.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { MiB, readRegularText } from "../util/regular-file.ts";

/** The largest prompt draft read back from the editor. */
const DRAFT_MAX = 4 * MiB;
import { entryTime, normalBody, titleOf, type CaptureKey, type CapturedEntry } from "./format.ts";
import { captureFile, captureKey, updateCapture } from "./store.ts";

const NOTE = /^<!-- agentmux: .* -->$/;

/** Pure: the text the editor opens: one note line (removed again), then room for the prompt. */
export function captureTemplate(sessionName: string): string {
  return `<!-- agentmux: write the prompt for ${sessionName.replace(/--+/g, "-").replace(/[\r\n]/g, " ")} below, then save and quit; left empty, nothing is captured. -->\n\n`;
}

/** Pure: the entry the edited text makes, or null when nothing was written. */
export function entryFromEdited(edited: string, now: Date): CapturedEntry | null {
  const body = normalBody(edited.replace(/\r\n?/g, "\n").split("\n").filter((l) => !NOTE.test(l)).join("\n"));
  if (body === "") return null;
  return { time: entryTime(now), title: titleOf(body), body };
}

export { editorCommand };

export interface CaptureRequest {
  session: CaptureKey & { name: string };
  /** Open the editor in a tmux popup (inside tmux): on this client, or tmux's current one. */
  popup: { tmux: Tmux; client?: string | undefined; dir: string } | null;
  env?: NodeJS.ProcessEnv;
  stateDir?: string;
  now?: () => Date;
}

export type CaptureResult = { captured: true; entry: CapturedEntry; file: string } | { captured: false; file: string };

function edit(request: CaptureRequest, file: string): Promise<void> {
  return editFile({ popup: request.popup, env: request.env, lost: "nothing captured", again: "agentmux prompt capture" }, file);
}

/**
 * Capture a prompt for a session: the editor opens a temporary file holding the template; a
 * non-empty body saved there is appended to the session's capture file as a new entry. An
 * unchanged or emptied template adds nothing.
 */
export async function capturePrompt(request: CaptureRequest): Promise<CaptureResult> {
  const key = captureKey(request.session);
  const file = captureFile(key, request.stateDir);
  const dir = mkdtempSync(join(tmpdir(), "agentmux-capture-"));
  try {
    const draft = join(dir, "prompt.md");
    writeFileSync(draft, captureTemplate(request.session.name), { mode: 0o600 });
    await edit(request, draft);
    const entry = entryFromEdited(readRegularText(draft, { maxBytes: DRAFT_MAX }), (request.now ?? (() => new Date()))());
    if (!entry) return { captured: false, file };
    updateCapture(key, (entries) => ({ entries: [...entries, entry], result: undefined }), { stateDir: request.stateDir, startFresh: true });
    return { captured: true, entry, file };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
