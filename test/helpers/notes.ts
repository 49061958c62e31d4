import { existsSync, readFileSync } from "node:fs";
import type { Ask, InboxItem } from "../../src/core/ask.ts";
import type { TestServer } from "./tmux-server.ts";

/**
 * The notifications a test's notify command wrote (config `notify.command: cat >> FILE; echo >> FILE`,
 * so one a line), and a wait for one whose error lists those seen.
 */
export function notesOf(file: string, timeoutMs = 30_000) {
  const notes = (): string[] => existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
  const waitForNote = async (s: TestServer, pattern: RegExp): Promise<string> => {
    let found = "";
    await s.waitFor(`a notification like ${pattern}`, () => (found = notes().find((n) => pattern.test(n)) ?? "") !== "", timeoutMs)
      .catch((e: Error) => { throw new Error(`${e.message}; notified: ${JSON.stringify(notes())}`); });
    return found;
  };
  return { notes, waitForNote, command: `cat >> '${file}'; echo >> '${file}'` };
}

/** What the inbox says a session (by pane or name) asks (`inbox --json`), once `until` holds of it (default: it asks anything). */
export async function inboxAsk(s: TestServer, session: string, timeoutMs = 30_000, until: (ask: Ask) => boolean = () => true): Promise<Ask | null> {
  let item: InboxItem | undefined;
  await s.waitFor(`${session}'s ask in the inbox`, async () => {
    const items = JSON.parse(String((await s.cli(["inbox", "--json"])).stdout)) as InboxItem[];
    const ask = (item = items.find((i) => i.pane === session || i.name === session))?.ask;
    return ask != null && until(ask);
  }, timeoutMs).catch((e: Error) => { throw new Error(`${e.message}; inbox item: ${JSON.stringify(item)}`); });
  return item?.ask ?? null;
}
