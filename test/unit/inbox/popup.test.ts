import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import type { InboxItem } from "../../../src/core/ask.ts";
import type { Done } from "../../../src/inbox/act.ts";
import { runInboxPopup } from "../../../src/inbox/popup.ts";
import { AgentmuxError } from "../../../src/util/errors.ts";
import type { Action } from "../../../src/inbox/state.ts";

/** A terminal: keys written into stdin, frames read from stdout. */
function terminal() {
  const stdin = Object.assign(new EventEmitter(), { isTTY: true, setRawMode: () => stdin, setEncoding: () => stdin, resume: () => stdin, pause: () => stdin });
  const frames: string[] = [];
  const stdout = Object.assign(new EventEmitter(), { columns: 80, rows: 20, write: (s: string) => { frames.push(s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "")); return true; } });
  return { stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream, frames, type: (keys: string) => stdin.emit("data", keys) };
}

const item = (pane: string, name: string, options: string[]): InboxItem => ({
  pane, name, key: "", backend: "claude", account: "", state: "blocked", background: false, since: Date.now(), snoozed: false,
  ask: { kind: "question", summary: `${name} asks`, text: [`${name} asks`], options, dialog: "d", source: "screen", at: 0 },
});
const tick = () => new Promise((r) => setImmediate(r));

describe("the inbox popup", () => {
  it("draws each push, answers the highlighted item, tells the outcome, and goes to the session on Enter", async () => {
    const t = terminal();
    let push: (items: InboxItem[]) => void = () => undefined;
    let subscribed = 0;
    let closed = 0;
    const acted: Action[] = [];
    const popup = runInboxPopup({
      stdin: t.stdin, stdout: t.stdout,
      subscribe: async (onItems) => { subscribed++; push = onItems; return { close: () => { closed++; } }; },
      act: async (action): Promise<Done> => { acted.push(action); return { sent: false, notice: "the dialog changed; nothing sent" }; },
    });
    await tick();
    push([item("%11", "first", ["Red", "Blue"]), item("%12", "second", ["A", "B"])]);
    assert.match(t.frames.at(-1) ?? "", /Needs you: 2[\s\S]*first asks[\s\S]*1\. Red/);
    t.type("j2");
    for (let i = 0; i < 5 && acted.length === 0; i++) await tick();
    assert.deepEqual(acted.map((a) => (a.kind === "answer" ? [a.item.pane, a.keys] : a.kind)), [["%12", ["2"]]]);
    await tick();
    assert.match(t.frames.at(-1) ?? "", /the dialog changed; nothing sent/);
    // The daemon says the first one is answered: it goes, the highlight stays on the second.
    push([item("%12", "second", ["A", "B"])]);
    assert.match(t.frames.at(-1) ?? "", /Needs you: 1/);
    assert.doesNotMatch(t.frames.at(-1) ?? "", /first/);
    t.type("\r");
    assert.equal(await popup, "%12");
    assert.equal(subscribed, 1, "one subscription, no polling");
    assert.equal(closed, 1, "closed with the popup");
  });
  it("without a terminal: a clear error naming --json, and no subscription", async () => {
    let subscribed = 0;
    const stdin = Object.assign(new EventEmitter(), { isTTY: false }) as unknown as NodeJS.ReadStream;
    await assert.rejects(runInboxPopup({ stdin, subscribe: async () => { subscribed++; return { close: () => undefined }; }, act: async () => ({ sent: false, notice: "" }) }),
      (e: unknown) => e instanceof AgentmuxError && e.message === "the inbox needs a terminal" && /--json/.test(e.hint ?? ""));
    assert.equal(subscribed, 0);
  });
  it("an empty inbox says so; Esc closes with nothing chosen", async () => {
    const t = terminal();
    const popup = runInboxPopup({ stdin: t.stdin, stdout: t.stdout, subscribe: async (onItems) => { onItems([]); return { close: () => undefined }; }, act: async () => ({ sent: false, notice: "" }) });
    await tick();
    assert.match(t.frames.join(""), /Nothing needs you\./);
    t.type("\x1b");
    assert.equal(await popup, null);
  });
});
