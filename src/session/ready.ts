import type { Backend } from "../backends/shared/types.ts";
import { detect } from "../detect/detect.ts";
import { findManifest, loadManifests } from "../detect/load.ts";
import type { Manifest } from "../detect/types.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { sleep } from "../util/sleep.ts";

/** What a screen says of a CLI that was just started: its input line shows (ready), a dialog waits on the user, or neither yet. */
export type Readiness = "ready" | "dialog" | "starting";

/**
 * Pure: whether a CLI is ready for text: its input line shows and no dialog is open, the dialog
 * decided by the same manifest the session's state is read with (a trust dialog's "❯ 1. Yes, I trust
 * this folder" once passed for Claude's input line, and the text went into the dialog).
 */
export function readiness(screen: string, backend: Pick<Backend, "readyPattern">, manifest: Manifest | undefined): Readiness {
  if (manifest && detect(manifest, { screen }).state === "blocked") return "dialog";
  return backend.readyPattern.test(screen) ? "ready" : "starting";
}

/** The manifest that reads this backend's screens (the user's replaces the built-in), or none. */
export function manifestOf(backend: Pick<Backend, "name">): Manifest | undefined {
  return findManifest(loadManifests().manifests, backend.name);
}

export interface ReadyWait {
  /** How long the CLI may take to show its input line (a dialog the user answers does not count). */
  timeoutMs?: number;
  /** Told once when a dialog is open: the text waits until the user has answered it. */
  onDialog?: () => void;
}

/**
 * Wait until the CLI is ready for text. While a dialog is open (a folder-trust question, a login
 * choice), the text waits for the user to answer it, however long that takes; the time-out counts
 * only the time without one.
 */
export async function waitForReady(tmux: Tmux, pane: string, backend: Pick<Backend, "name" | "readyPattern">, options: ReadyWait = {}): Promise<void> {
  const manifest = manifestOf(backend);
  let left = options.timeoutMs ?? 30_000;
  let told = false;
  for (;;) {
    const screen = await tmux.tryCapture(pane, { join: false });
    if (screen === null) throw new AgentmuxError(`pane ${pane} went away before its prompt appeared`);
    const now = readiness(screen, backend, manifest);
    if (now === "ready") return;
    if (now === "dialog" && !told) { told = true; options.onDialog?.(); }
    if (now === "starting") left -= 100;
    if (left <= 0) throw new AgentmuxError(`pane ${pane} showed no prompt within ${Math.round((options.timeoutMs ?? 30_000) / 1000)}s`, { hint: "check the pane: the CLI may be waiting on something agentmux cannot read" });
    await sleep(100);
  }
}
