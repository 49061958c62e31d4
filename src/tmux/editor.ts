import { spawnSync } from "node:child_process";
import { AgentmuxError } from "../util/errors.ts";
import { shQuote } from "../util/sh.ts";
import { popupEnv, runInPopup } from "./popup.ts";
import type { Tmux } from "./tmux.ts";

/** The user's editor: $VISUAL, else $EDITOR, else vi (a sh command line, as git reads it). */
export function editorCommand(env: NodeJS.ProcessEnv): string {
  return env["VISUAL"]?.trim() || env["EDITOR"]?.trim() || "vi";
}

export interface EditRequest {
  /** Open the editor in a tmux popup (inside tmux): on this client, or tmux's current one. */
  popup: { tmux: Tmux; client?: string | undefined; dir: string } | null;
  env?: NodeJS.ProcessEnv;
  /** What a failure leaves ("nothing captured"), and the verb to run again. */
  lost: string;
  again: string;
}

/**
 * Edit a file in the user's editor: in a popup inside tmux, else at this terminal. Throws when
 * the editor fails or the popup closes before it finished, saying what that leaves.
 */
export async function editFile(request: EditRequest, file: string): Promise<void> {
  const env = request.env ?? process.env;
  const editor = editorCommand(env);
  const line = `${editor} "$1"`;
  if (request.popup) {
    const command = `${popupEnv(env, ["VISUAL", "EDITOR", "LANG", "LC_ALL", "LC_CTYPE"])}sh -c ${shQuote(line)} sh ${shQuote(file)}`;
    const outcome = await runInPopup(request.popup.tmux, { command, dir: request.popup.dir, client: request.popup.client, holdOnFailure: true });
    if (outcome.kind === "exited") {
      if (outcome.exitCode !== 0) throw new AgentmuxError(`the editor (${editor}) exited with status ${outcome.exitCode}: ${request.lost}`, { hint: "set $VISUAL or $EDITOR to an editor that works here" });
      return;
    }
    if (outcome.kind === "interrupted") throw new AgentmuxError(`the popup closed before the editor finished: ${request.lost}`, { hint: `run ${request.again} again` });
    if (process.stdin.isTTY !== true) {
      throw new AgentmuxError(`could not open a popup for the editor: ${outcome.reason}`, { hint: `close the open popup, or run ${request.again} --no-popup in a terminal` });
    }
  }
  const run = spawnSync("sh", ["-c", line, "sh", file], { stdio: "inherit", env });
  if (run.error) throw new AgentmuxError(`could not run the editor (${editor}): ${run.error.message}`, { hint: "set $VISUAL or $EDITOR" });
  if (run.status !== 0) throw new AgentmuxError(`the editor (${editor}) exited with ${run.status === null ? `signal ${run.signal}` : `status ${run.status}`}: ${request.lost}`, { hint: "set $VISUAL or $EDITOR to an editor that works here" });
}
