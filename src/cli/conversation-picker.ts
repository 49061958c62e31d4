import { formatRow, rowJson, type ConversationRow } from "../lifecycle/conversation-rows.ts";
import { openConversation } from "../lifecycle/conversations.ts";
import { forgetExited } from "../daemon/asks.ts";
import type { NamedSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { printJson, type Context } from "./context.ts";
import { jumpTo } from "./on-client.ts";
import { out, shown } from "../util/terminal-text.ts";

/**
 * Pick a row on the terminal (@inquirer/prompts' select, loaded only then; on stderr, so stdout
 * stays the result). A gone ancestor cannot be picked. undefined: the question was cancelled.
 */
export async function pickRow(message: string, rows: readonly ConversationRow[], now: number, showBackend: boolean): Promise<ConversationRow | undefined> {
  const { select } = await import("@inquirer/prompts");
  const current = rows.find((r) => r.current);
  try {
    return await select({
      message,
      choices: rows.map((row) => ({ name: formatRow(row, now, { showBackend }), value: row, disabled: row.gone ? "(gone)" : false })),
      ...(current && !current.gone ? { default: current } : {}),
      pageSize: 15,
      loop: false,
    }, { output: process.stderr });
  } catch (error) {
    if (error instanceof Error && (error.name === "ExitPromptError" || error.name === "AbortPromptError")) return undefined;
    throw error;
  }
}

/** The row --pick names (a conversation id, or its unique prefix). */
export function rowById(rows: readonly ConversationRow[], id: string): ConversationRow {
  const exact = rows.find((r) => r.id === id);
  const matches = exact ? [exact] : rows.filter((r) => r.id.startsWith(id));
  if (matches.length === 1 && matches[0]) return matches[0];
  throw new AgentmuxError(matches.length === 0 ? `no conversation ${id} in the list` : `conversation id ${id} is ambiguous (${matches.length} match)`, {
    hint: "see the ids with --json",
  });
}

/** Go to the chosen row (switch to a live one, resume a past one) and say what happened; the exited entries of a resumed one leave the list. */
export async function goTo(ctx: Context, row: ConversationRow, sessions: readonly NamedSession[], options: { client?: string | undefined; json?: boolean | undefined }): Promise<void> {
  const done = await openConversation(ctx.tmux, ctx.config, row, (pane) => jumpTo(ctx, pane, options.client));
  if (done.resumed) {
    for (const s of sessions) if (s.dead && !s.window && s.backend === row.backend && s.id === row.id) await forgetExited(ctx.tmux, s.pane);
  }
  if (options.json) printJson({ ok: true, pane: done.pane, resumed: done.resumed, conversation: rowJson(row) });
  else out(done.resumed ? shown`resumed ${row.backend} conversation ${row.id} in ${done.pane}${row.account ? shown` under ${row.account}` : ""}\n` : shown`switched to ${done.pane} (${row.backend} conversation ${row.id})\n`);
}
