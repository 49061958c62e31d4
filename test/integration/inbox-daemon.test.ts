import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseAsk, type InboxItem } from "../../src/core/ask.ts";
import { fetchInbox, subscribeInbox, type InboxSubscription } from "../../src/daemon/inbox-client.ts";
import { Tmux } from "../../src/tmux/tmux.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { listJson, paneOption, waitForState } from "../helpers/agentmux-session.ts";

/** The daemon's side of the inbox, through the client the popup uses (src/daemon/inbox-client.ts), with fake Claudes showing real dialog screens. */
describe("the inbox from the daemon", () => {
  const server = new TestServer();
  const tmux = new Tmux({ socketName: server.name });
  const p: Record<string, string> = {};
  const HOSTILE = `we b #1 %x "q" 'r' ü✓`;
  let previousHome: string | undefined;

  const start = async (name: string, dir: string): Promise<string> => {
    mkdirSync(join(server.work, dir), { recursive: true });
    const r = await server.cli(["new", "--backend", "claude", "--dir", join(server.work, dir), "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    p[name] = String(r.stdout).trim();
    return p[name]!;
  };
  const item = (items: InboxItem[], name: string) => items.find((i) => i.pane === p[name]);
  /** The inbox once `ready` holds of it (the dialog is read a moment after the hook). */
  const inboxWhen = async (what: string, ready: (items: InboxItem[]) => boolean): Promise<InboxItem[]> => {
    let items: InboxItem[] = [];
    await server.waitFor(what, async () => ready((items = await fetchInbox(tmux)))).catch((e: Error) => { throw new Error(`${e.message}; inbox was ${JSON.stringify(items, null, 1)}`); });
    return items;
  };

  before(async () => {
    previousHome = process.env["AGENTMUX_HOME"];
    process.env["AGENTMUX_HOME"] = server.home;
    await server.start();
    await server.setServerEnv({ CLAUDE_CONFIG_DIR: join(server.home, "claude-config") });
    // Pane ids above %10: open and close a dozen panes first.
    for (let i = 0; i < 12; i++) await server.tmux(["new-window", "-d", "sleep 600"]);
    const windows = String((await server.tmux(["list-windows", "-a", "-F", "#{window_id} #{pane_current_command}"])).stdout).trim().split("\n");
    for (const w of windows.filter((l) => l.endsWith(" sleep"))) await server.tmux(["kill-window", "-t", w.split(" ")[0]!]);
    for (const [name, dir] of [["done", "done"], ["perm", "perm"], ["ask", HOSTILE], ["plan", "plan"]]) await start(name!, dir!);
    for (const pane of Object.values(p)) await waitForState(server, pane, "idle");
  });
  after(async () => {
    if (previousHome === undefined) delete process.env["AGENTMUX_HOME"]; else process.env["AGENTMUX_HOME"] = previousHome;
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("lists the blocked sessions before the waiting one, each with what it wants", async () => {
    await server.cli(["send", p["done"]!, "hello there"]);
    await waitForState(server, p["done"]!, "waiting");
    await server.cli(["send", p["perm"]!, "/tool"]);
    await waitForState(server, p["perm"]!, "blocked");
    await server.cli(["send", p["ask"]!, "/ask2"]);
    await waitForState(server, p["ask"]!, "blocked");
    // Both dialogs read from the screen and their hooks' words taken in: on a loaded machine the
    // screen may show the dialog (an Ask read from it, source "screen") before the spooled hook is.
    const items = await inboxWhen("both dialogs read", (list) => list.length === 3 && list.every((i) => i.state === "waiting" || ((i.ask?.dialog ?? "") !== "" && i.ask?.source === "hook")));
    assert.deepEqual(items.map((i) => i.pane), [p["perm"], p["ask"], p["done"]]);
    assert.deepEqual(items.map((i) => i.state), ["blocked", "blocked", "waiting"]);
    for (const i of items) assert.ok(Number(i.pane.slice(1)) > 10, `pane id ${i.pane} is above %10`);

    const perm = item(items, "perm")!;
    assert.deepEqual({ ...perm.ask, at: 0, dialog: "" }, { kind: "permission", summary: "Bash: touch marker", text: ["Bash: touch marker", "Create marker file"], options: ["Yes", "Yes, and always allow access to work/ from this project", "No"], dialog: "", source: "hook", at: 0 });
    const ask = item(items, "ask")!;
    assert.equal(ask.ask?.kind, "question");
    assert.equal(ask.ask?.summary, "Which colour should the marker be?");
    assert.deepEqual(ask.ask?.text, ["Which colour should the marker be?", "How big should the marker be?"]);
    assert.deepEqual(ask.ask?.options, ["Red", "Blue", "Type something.", "Chat about this"]);
    const done = item(items, "done")!;
    assert.deepEqual({ kind: done.ask?.kind, summary: done.ask?.summary, text: done.ask?.text, options: done.ask?.options, dialog: done.ask?.dialog }, { kind: "answer", summary: "received: hello there", text: ["received: hello there"], options: [], dialog: "" });
    assert.ok(done.since > 0 && done.since <= Date.now());
  });

  it("names each session as list does (a name with spaces, #, %, quotes and unicode), with its key, backend and snooze", async () => {
    // The switcher hands out keys (pane option @agentmux-key); here one is set by hand.
    await server.tmux(["set-option", "-p", "-t", p["ask"]!, "@agentmux-key", "s"]);
    const listed = await listJson(server);
    const items = await fetchInbox(tmux);
    for (const i of items) {
      const entry = listed.find((e) => e["pane"] === i.pane);
      assert.equal(i.name, entry?.["name"]);
      assert.equal(i.backend, "claude");
      assert.equal(i.snoozed, false);
      assert.equal(i.key, await paneOption(server, i.pane, "@agentmux-key"));
    }
    assert.ok(item(items, "ask")!.name.includes(HOSTILE), item(items, "ask")!.name);
    assert.equal(item(items, "ask")!.key, "s");
  });

  it("publishes each Ask on its pane (@agentmux-ask), the same the inbox gives", async () => {
    const items = await fetchInbox(tmux);
    for (const i of items) assert.deepEqual(parseAsk(await paneOption(server, i.pane, "@agentmux-ask")), i.ask);
    assert.equal(await paneOption(server, p["plan"]!, "@agentmux-ask"), "", "an idle session has none");
  });

  it("a plan approval: the plan's first lines and the dialog's options", async () => {
    await server.cli(["send", p["plan"]!, "/plan"]);
    await waitForState(server, p["plan"]!, "blocked");
    const items = await inboxWhen("the plan's dialog read", (list) => (item(list, "plan")?.ask?.dialog ?? "") !== "");
    const plan = item(items, "plan")!.ask!;
    assert.equal(plan.kind, "plan");
    assert.equal(plan.summary, "Plan: E2E plan");
    assert.deepEqual(plan.text, ["# E2E plan", "1. Create the marker file.", "2. Report back."]);
    assert.deepEqual(plan.options, ["Yes, and use auto mode", "Yes, manually approve edits", "Tell Claude what to change"]);
    // Blocked since later than the other two: after them.
    assert.deepEqual(items.map((i) => i.pane), [p["perm"], p["ask"], p["plan"], p["done"]]);
    await server.tmux(["send-keys", "-t", p["plan"]!, "2"]);
    await waitForState(server, p["plan"]!, "waiting");
    const after = await inboxWhen("the plan answered", (list) => item(list, "plan")?.ask?.kind === "answer");
    assert.equal(item(after, "plan")!.ask!.summary, "plan: Yes, manually approve edits");
  });

  it("subscribe pushes a new list when the dialog changes (a new digest), when one is answered, and on a snooze", async () => {
    const lists: InboxItem[][] = [];
    const sub: InboxSubscription = await subscribeInbox(tmux, (items) => lists.push(items));
    try {
      const seen = async (what: string, fn: (items: InboxItem[]) => boolean) => {
        await server.waitFor(what, () => lists.length > 0 && fn(lists[lists.length - 1]!)).catch((e: Error) => { throw new Error(`${e.message}; last list ${JSON.stringify(lists.at(-1), null, 1)}`); });
        return lists[lists.length - 1]!;
      };
      const first = await seen("the list at once", (items) => items.length === 4);
      const digest = item(first, "ask")!.ask!.dialog;
      assert.notEqual(digest, "");
      const count = lists.length;

      // The first digit answers the colour; the size question replaces it, the turn still blocked.
      await server.tmux(["send-keys", "-t", p["ask"]!, "1"]);
      const changed = await seen("the size question", (items) => item(items, "ask")?.ask?.options[0] === "Small");
      const ask = item(changed, "ask")!;
      assert.equal(ask.state, "blocked");
      assert.notEqual(ask.ask!.dialog, digest, "another dialog, another digest");
      assert.equal(ask.ask!.summary, "How big should the marker be?");
      assert.ok(lists.length > count);

      await server.tmux(["send-keys", "-t", p["ask"]!, "2"]);
      const answered = await seen("the question answered", (items) => item(items, "ask")?.state === "waiting");
      assert.equal(item(answered, "ask")!.ask!.summary, "you chose Red, Large");
      assert.deepEqual(answered.filter((i) => i.state === "blocked").map((i) => i.pane), [p["perm"]]);

      await server.tmux(["send-keys", "-t", p["perm"]!, "1"]);
      await seen("the permission answered", (items) => items.every((i) => i.state === "waiting"));

      // A snooze is a pane option the CLI sets: the daemon sees it at its next reconcile; snoozed sessions come last.
      const r = await server.cli(["snooze", p["done"]!]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      const snoozed = await seen("the snooze", (items) => item(items, "done")?.snoozed === true);
      assert.equal(snoozed.at(-1)!.pane, p["done"]);
      // The rest: waiting the longest first.
      const rest = snoozed.slice(0, -1);
      assert.deepEqual(rest.map((i) => i.since), [...rest.map((i) => i.since)].sort((a, b) => a - b));
      // Nothing changed: no new list.
      const quiet = lists.length;
      await new Promise((resolve) => setTimeout(resolve, 3500));
      assert.equal(lists.length, quiet, "an unchanged inbox is not pushed again");
    } finally {
      sub.close();
    }
  });

  it("a daemon started anew finds the waiting sessions' answers in their transcripts", async () => {
    assert.equal((await server.cli(["daemon", "stop"])).exitCode, 0);
    // The sessions' CLAUDE_CONFIG_DIR came from the server's environment; the daemon reads their transcripts with its own.
    const started = await server.cli(["daemon", "start"], { env: { CLAUDE_CONFIG_DIR: join(server.home, "claude-config") } });
    assert.equal(started.exitCode, 0, String(started.stderr));
    const items = await inboxWhen("the answers read again", (list) => list.length === 4 && list.every((i) => i.ask?.source === "transcript"));
    assert.equal(item(items, "done")!.ask!.summary, "received: hello there");
    assert.equal(item(items, "ask")!.ask!.summary, "you chose Red, Large");
    assert.equal(item(items, "done")!.snoozed, true);
    assert.equal(parseAsk(await paneOption(server, p["done"]!, "@agentmux-ask"))?.source, "transcript");
  });
});
