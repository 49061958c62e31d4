import type { Config } from "../config/config.ts";
import { killPanes } from "../daemon/asks.ts";
import { listSessions, type NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import { sleep } from "../util/sleep.ts";
import { parentOf } from "./side-family.ts";
import { addSideLink, sideLinksFile, type SideLink } from "./side-links.ts";
import { historyOf, historyPlace } from "./side-plan.ts";

export type DismissChoice = "delete" | "keep";

export interface DismissResult { side: string; choice: DismissChoice; removed: string[]; link: SideLink | null }

/**
 * Pure: what dismiss does with the fork's stored conversation. --keep/--delete win; otherwise
 * side.onDismiss; "ask" asks at a terminal, and without one keeps it: a configuration that asks
 * says the conversation may matter, and a kept one can still be deleted later (side resume, then
 * dismiss --delete), while a deleted one cannot come back.
 */
export function dismissChoice(configured: Config["side"]["onDismiss"], flag: DismissChoice | undefined, asked: (() => Promise<boolean>) | null): Promise<DismissChoice> | DismissChoice {
  if (flag) return flag;
  if (configured !== "ask") return configured;
  if (!asked) return "keep";
  return asked().then((del) => (del ? "delete" : "keep"));
}

/**
 * Close a side conversation: kept (a record in the links file, for side resume) or deleted (exactly
 * the fork's stored files). Everything that can fail is checked before the pane closes.
 */
export async function dismissSide(tmux: Tmux, side: NamedSession, config: Config, choice: DismissChoice, now = Date.now()): Promise<DismissResult> {
  if (!side.side) throw new AgentmuxError(`${side.name} (${side.pane}) is not a side conversation`, { hint: "run it in a side pane, or name one: agentmux side list" });
  const { history } = historyOf(side, "dismiss");
  if (!side.id) {
    throw new AgentmuxError(`${side.name} (${side.pane}) has not reported its native session id yet: its stored conversation cannot be ${choice === "keep" ? "kept" : "deleted"}`, { hint: "wait a moment and try again, or close the pane with agentmux kill" });
  }
  const place = historyPlace(config, side, side.startedAt);
  let link: SideLink | null = null;
  if (choice === "keep") {
    const parent = parentOf(side, await listSessions(tmux));
    link = { parent: side.forkedFrom || parent?.id || "", parentName: parent?.name ?? "", fork: side.id, backend: side.backend, account: side.account, dir: side.dir, policyVersion: side.side, keptAt: now };
    addSideLink(sideLinksFile(places().stateDir), link);
  }
  if (!side.dead) await killPanes(tmux, [side.pane]);
  if (side.window) await tmux.killPane(side.pane).catch(() => undefined);
  let removed: string[] = [];
  if (choice === "delete") {
    try {
      removed = history.remove(side.id, place);
    } catch (error) {
      throw new AgentmuxError(`closed ${side.name} (${side.pane}), but its stored conversation was not deleted: ${(error as Error).message}`, { hint: (error as { hint?: string }).hint ?? "delete it by hand, or keep it" });
    }
    // A CLI may write its last records as it ends: whatever came back after the first removal goes too.
    await sleep(300);
    if (history.find(side.id, place)) removed = [...new Set([...removed, ...history.remove(side.id, place)])];
  }
  return { side: side.pane, choice, removed, link };
}
