import { diffOfSession } from "../branch/session-diff.ts";
import { isAgentmuxError } from "../util/errors.ts";
import { fail, type Answer, type RemotePort } from "./port.ts";

/** The diff text the page gets at most (a file's, or the whole): a phone is no place for more. */
const PAGE_DIFF_MAX = 256 * 1024;

/**
 * GET /api/diff?pane=%N[&file=PATH]: what a session changed (agentmux diff): the base, each file
 * with its counts, and the diff of one file when asked (the page lists the files first). Text goes
 * to the page as JSON strings, which it shows as text only.
 */
export async function diffAnswer(port: RemotePort, pane: string | null, file: string | null): Promise<Answer> {
  if (!pane) return fail(400, "the request names no pane", "GET /api/diff?pane=%12");
  const t = port.tracked.get(pane);
  if (!t) return fail(404, `no session in pane ${pane}`, "it may have ended: reload the list");
  try {
    const diff = await diffOfSession(port.tmux, { pane, dir: t.dir }, file === null ? { stat: true } : { file });
    const text = diff.text.length > PAGE_DIFF_MAX ? `${diff.text.slice(0, PAGE_DIFF_MAX)}\n[… cut: agentmux diff ${pane} --file PATH at the computer shows it whole]\n` : diff.text;
    return { status: 200, body: { against: diff.against, base: diff.base, files: diff.files, ...(file === null ? {} : { file, diff: text }) } };
  } catch (error) {
    return isAgentmuxError(error) ? fail(409, error.message, error.hint) : fail(500, (error as Error).message);
  }
}
