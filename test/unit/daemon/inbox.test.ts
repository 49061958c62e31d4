import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import type { Socket } from "node:net";
import type { Ask, InboxItem } from "../../../src/core/ask.ts";
import { Inbox, orderInbox } from "../../../src/daemon/inbox.ts";
import { PUSH_COALESCE_MS } from "../../../src/daemon/subscribers.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";

const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;

function session(pane: string, dir: string, state: Tracked["machine"]["state"], since: number): Tracked {
  const t = trackedFromPane({ ...fields, pane, backend: "claude", dir, account: "work", state });
  t.machine = { ...t.machine, state, since };
  return t;
}

function row(pane: string, state: InboxItem["state"], since: number, snoozed = false): InboxItem {
  return { pane, name: pane, key: "", backend: "claude", account: "", state, background: false, since, snoozed, ask: null };
}

/** A socket as the inbox uses it: written lines, close. */
class FakeSocket extends EventEmitter {
  readonly lines: string[] = [];
  destroyed = false;
  write(line: string): boolean { this.lines.push(line); return true; }
  destroy(): void { this.destroyed = true; this.emit("close"); }
  get lists(): InboxItem[][] { return this.lines.map((l) => (JSON.parse(l) as { inbox: InboxItem[] }).inbox); }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("orderInbox", () => {
  it("blocked before waiting, the longest waiting first, snoozed last", () => {
    const items = [row("%12", "waiting", 10), row("%13", "blocked", 30), row("%14", "waiting", 5, true), row("%15", "blocked", 20), row("%16", "waiting", 1), row("%17", "blocked", 1, true)];
    assert.deepEqual(orderInbox(items).map((i) => i.pane), ["%15", "%13", "%16", "%12", "%17", "%14"]);
  });

  it("at equal times, the older pane first (%2 before %10)", () => {
    assert.deepEqual(orderInbox([row("%10", "waiting", 1), row("%2", "waiting", 1)]).map((i) => i.pane), ["%2", "%10"]);
  });
});

describe("Inbox", () => {
  const ask: Ask = { kind: "answer", summary: "done", text: ["done"], options: [], dialog: "", source: "hook", at: 1 };
  const setup = () => {
    const tracked = new Map<string, Tracked>();
    for (const t of [session("%11", "/w/web", "waiting", 100), session("%12", "/w/web", "blocked", 200), session("%13", "/w/api", "working", 50)]) tracked.set(t.pane, t);
    const options = new Map<string, [string, string]>([["%11", ["a", ""]], ["%12", ["s", "1"]]]);
    const inbox = new Inbox({
      tracked: () => tracked.values(),
      ask: (pane) => (pane === "%11" ? ask : null),
      paneLines: async () => [...options].map(([pane, [key, snoozed]]) => `${pane}\x1f${key}\x1f${snoozed}\x1e`),
      backendSuffix: () => false,
      log: () => undefined,
    });
    return { tracked, options, inbox };
  };

  it("items: the blocked and waiting sessions with their names, keys, accounts, snoozes and asks", async () => {
    const { inbox } = setup();
    const items = await inbox.items();
    assert.deepEqual(items.map((i) => [i.pane, i.name, i.key, i.account, i.state, i.since, i.snoozed, i.ask?.summary ?? null]), [
      ["%11", "web:%11", "a", "work", "waiting", 100, false, "done"],
      ["%12", "web:%12", "s", "work", "blocked", 200, true, null],
    ]);
  });

  it("subscribe: the list at once, then one push per burst of changes, none when nothing changed, none after close", async () => {
    const { tracked, options, inbox } = setup();
    const socket = new FakeSocket();
    await inbox.subscribe(socket as unknown as Socket);
    assert.equal(socket.lines.length, 1);
    inbox.changed();
    await wait(PUSH_COALESCE_MS + 50);
    assert.equal(socket.lines.length, 1, "the same list is not sent again");
    tracked.get("%13")!.machine = { ...tracked.get("%13")!.machine, state: "blocked", since: 300 };
    inbox.changed(); inbox.changed(); inbox.changed();
    await wait(PUSH_COALESCE_MS + 50);
    assert.equal(socket.lines.length, 2);
    assert.deepEqual(socket.lists[1]?.map((i) => i.pane), ["%13", "%11", "%12"]);
    options.set("%12", ["s", ""]);
    inbox.changed();
    await wait(PUSH_COALESCE_MS + 50);
    assert.deepEqual(socket.lists[2]?.map((i) => i.pane), ["%12", "%13", "%11"], "unsnoozed: back among the blocked");
    socket.destroy();
    assert.equal(inbox.subscriberCount, 0);
    inbox.changed();
    await wait(PUSH_COALESCE_MS + 50);
    assert.equal(socket.lines.length, 3);
  });

  it("view: other machines' items among these, most urgent first; a change of theirs pushes to the subscribers but not to this machine's followers (the feed)", async () => {
    const tracked = new Map<string, Tracked>([["%11", session("%11", "/w/web", "waiting", 100)]]);
    let remote: InboxItem[] = [];
    const inbox = new Inbox({ tracked: () => tracked.values(), ask: () => null, paneLines: async () => [], backendSuffix: () => false, remote: () => remote, log: () => undefined });
    let followed = 0;
    inbox.onChange(() => { followed++; });
    const socket = new FakeSocket();
    await inbox.subscribe(socket as unknown as Socket);
    remote = [{ pane: "far:%3", host: "far", name: "far:x", key: "", backend: "claude", account: "", state: "blocked", background: false, since: 500, snoozed: false, ask: null }];
    inbox.remoteChanged();
    await wait(PUSH_COALESCE_MS + 50);
    assert.deepEqual(socket.lists[1]?.map((i) => i.pane), ["far:%3", "%11"]);
    assert.deepEqual((await inbox.items()).map((i) => i.pane), ["%11"], "this machine's own items carry no host's");
    assert.equal(followed, 0);
    inbox.close();
  });

  it("close ends every subscriber's connection", async () => {
    const { inbox } = setup();
    const socket = new FakeSocket();
    await inbox.subscribe(socket as unknown as Socket);
    inbox.close();
    assert.equal(socket.destroyed, true);
    assert.equal(inbox.subscriberCount, 0);
  });
});
