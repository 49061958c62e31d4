import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { InboxItem } from "../../src/core/ask.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { boxed, Person, PLUGIN } from "../helpers/client.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";

/**
 * The inbox as a person uses it: prefix N opens it on a real attached client; fake Claude
 * sessions in directories whose names carry spaces, #, %, quotes and unicode, on panes above %10,
 * wait on permissions (/tool), a question (/ask) and a reply; each is answered from the popup
 * without the client leaving the pane it is on.
 */
describe("the inbox popup (prefix N)", () => {
  const server = new TestServer();
  const viewer = new TestServer();
  const person = new Person(server, viewer);
  const names = ["web #1", "api 'two'", "ask \"%3\" é", "docs 100%"];
  const panes: string[] = [];
  let base = "";

  const inbox = async (): Promise<InboxItem[]> => {
    const r = await server.cli(["inbox", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return JSON.parse(String(r.stdout)) as InboxItem[];
  };
  const waitInbox = async (what: string, ok: (items: InboxItem[]) => boolean): Promise<InboxItem[]> => {
    let items: InboxItem[] = [];
    await server.waitFor(what, async () => ok((items = await inbox())), 20_000).catch((e: Error) => { throw new Error(`${e.message}; inbox: ${JSON.stringify(items)}`); });
    return items;
  };
  /** A screen's popup rows as the person sees them, spaces collapsed. */
  const rowsOf = (screen: string) => boxed(screen).map((l) => l.replace(/\s+/g, " ").trim());
  const popup = async (pattern: RegExp) => rowsOf(await person.waitForScreen(pattern));
  const item = (items: InboxItem[], pane: string) => items.find((i) => i.pane === pane);
  /** The highlighted item's row ("›" before its glyph), or "" when none is drawn. */
  const highlighted = (rows: string[]) => rows.find((r) => /^›[⚠●◍]/.test(r)) ?? "";
  /**
   * Move the popup's highlight onto the row holding text (the list is short: at most 5 presses).
   * After each j it waits for the highlight to move: read before the popup redraws, the old
   * screen would send a second j, and the highlight (which wraps) would step past the row.
   */
  const highlight = async (text: string) => {
    let rows = await popup(/Needs you/);
    for (let i = 0; i < 6; i++) {
      const now = highlighted(rows);
      if (now.includes(text)) return;
      await person.type("j");
      await server.waitFor("the highlight to move", async () => {
        rows = rowsOf(await person.screen());
        return rows.some((r) => r.includes("Needs you")) && highlighted(rows) !== now;
      }, 20_000).catch((e: Error) => { throw new Error(`${e.message}; popup was:\n${rows.join("\n")}`); });
    }
    throw new Error(`no row with ${text} in the popup:\n${rows.join("\n")}`);
  };

  before(async () => {
    await server.start();
    await viewer.start();
    await server.tmux(["set-option", "-g", "@agentmux-daemon", "off"]);
    await server.tmux(["run-shell", PLUGIN]);
    // Panes above %10: make and drop some first.
    for (let i = 0; i < 11; i++) {
      const made = String((await server.tmux(["split-window", "-d", "-t", "base", "-P", "-F", "#{pane_id}", "sleep", "60"])).stdout).trim();
      await server.tmux(["kill-pane", "-t", made]);
    }
    for (const name of names) {
      const dir = join(server.work, name);
      mkdirSync(dir);
      const r = await server.cli(["new", "--backend", "claude", "--dir", dir, "--detached"]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      panes.push(String(r.stdout).trim());
    }
    for (const pane of panes) {
      assert.ok(Number(pane.slice(1)) > 10, pane);
      await waitForState(server, pane, "idle");
    }
    base = String((await server.tmux(["display-message", "-p", "-t", "base:0", "#{pane_id}"])).stdout);
    await person.attach();
    await person.waitForPane(base);
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await viewer.stop();
    await server.stop();
  });

  it("with nothing waiting it says so, with its keys; Esc closes it", async () => {
    await person.type("C-b", "N");
    await person.waitForScreen(/Nothing needs you\.[\s\S]*esc close/);
    await person.type("Escape");
    await person.waitForScreen(/^(?![\s\S]*Nothing needs you)/);
    assert.equal(await person.pane(), base);
  });

  it("lists two permissions, a question and a waiting session, most urgent first, in --json and in the popup", async () => {
    const [web, api, ask, docs] = panes as [string, string, string, string];
    // One at a time, so the order of their waits is known.
    for (const [pane, prompt] of [[web, "/tool"], [api, "/tool"], [ask, "/ask"]] as const) {
      await server.cli(["send", pane, prompt]);
      await waitForState(server, pane, "blocked");
    }
    await server.cli(["send", docs, "hello"]);
    await waitForState(server, docs, "waiting");
    const items = await waitInbox("four items, the dialogs read", (list) => list.length === 4 && list.slice(0, 3).every((i) => (i.ask?.dialog ?? "") !== ""));
    assert.deepEqual(items.map((i) => [i.pane, i.name, i.state, i.ask?.kind]), [
      [web, names[0], "blocked", "permission"], [api, names[1], "blocked", "permission"], [ask, names[2], "blocked", "question"], [docs, names[3], "waiting", "answer"],
    ]);
    assert.match(item(items, web)?.ask?.summary ?? "", /touch marker/);
    assert.deepEqual(item(items, ask)?.ask?.options.slice(0, 2), ["Red", "Blue"]);

    await person.type("C-b", "N");
    const rows = await popup(/Needs you: 4/);
    const order = rows.filter((r) => /^[›]?[⚠●◍] /.test(r)).map((r) => names.findIndex((n) => r.includes(n)));
    assert.deepEqual(order, [0, 1, 2, 3], rows.join("\n"));
    assert.ok(rows.some((r) => r.startsWith("›⚠ blocked") && r.includes(names[0] as string) && r.includes("claude") && r.includes("touch marker")), rows.join("\n"));
    assert.ok(rows.includes("1. Yes") && rows.includes("3. No"), rows.join("\n"));
    assert.ok(rows.some((r) => r.includes("● waiting") && r.includes(names[3] as string) && r.includes("received: hello")), rows.join("\n"));
  });

  it("a digit answers the highlighted question, and only it: the session goes on, the others still wait", async () => {
    const [web, api, ask] = panes as [string, string, string];
    await highlight(names[2] as string);
    const rows = await popup(/2\. Blue/);
    assert.ok(rows.includes("1. Red") && rows.some((r) => r.includes("Which colour should the marker be?")), rows.join("\n"));
    await person.type("2");
    await server.waitForScreen(ask, /you chose Blue/);
    await waitInbox("the question answered", (list) => item(list, ask)?.state === "waiting");
    for (const pane of [web, api]) assert.equal(await paneOption(server, pane, "@agentmux-state"), "blocked");
    assert.equal(await person.pane(), base, "the client stayed where it was");
  });

  it("y approves the highlighted permission", async () => {
    const [web, api] = panes as [string, string];
    await highlight(names[0] as string);
    await person.type("y");
    await server.waitForScreen(web, /Tool finished/);
    await waitInbox("the permission answered", (list) => item(list, web)?.state === "waiting");
    assert.equal(await paneOption(server, api, "@agentmux-state"), "blocked");
    assert.equal(await person.pane(), base);
  });

  it("a stale answer (the dialog changed under it) is refused, and nothing is typed", async () => {
    const ask = panes[2] as string;
    // Two questions in a row: answering the first shows the second while the turn stays blocked.
    await server.cli(["send", ask, "/ask2"]);
    await waitInbox("the first question listed", (list) => item(list, ask)?.state === "blocked" && (item(list, ask)?.ask?.text.join(" ") ?? "").includes("colour"));
    await highlight(names[2] as string);
    await popup(/Which colour should the marker be\?/);
    // The daemon is held still, so the popup keeps showing the question it read...
    const status = JSON.parse(String((await server.cli(["daemon", "status", "--json"])).stdout)) as { pid: number };
    process.kill(status.pid, "SIGSTOP");
    try {
      // ... while the first question is answered behind its back: the dialog is now the second one.
      await server.tmux(["send-keys", "-t", ask, "1"]);
      await server.waitForScreen(ask, /How big should the marker be\?/);
      await person.type("2");
      await person.waitForScreen(/the dialog changed; nothing sent/);
    } finally {
      process.kill(status.pid, "SIGCONT");
    }
    // Had "2" gone in, the second question would be answered Large: it is still open, and answers Small.
    await server.tmux(["send-keys", "-t", ask, "1"]);
    const screen = await server.waitForScreen(ask, /you chose Red, Small/);
    assert.doesNotMatch(screen, /Large/);
  });

  it("r replies to the waiting session (one line and multi-line), through the guarded submit", async () => {
    const docs = panes[3] as string;
    await highlight(names[3] as string);
    await person.type("r");
    await person.waitForScreen(/reply to docs 100%:/);
    await person.type("-l", "it's #1 100% \"ok\"");
    await person.type("Enter");
    await server.waitForScreen(docs, /received: it's #1 100% "ok"/);
    await waitForState(server, docs, "waiting");
    await highlight(names[3] as string);
    await person.type("r");
    await person.waitForScreen(/reply to docs 100%:/);
    await person.type("-l", "line one");
    await person.type("C-j");
    await person.type("-l", "line two");
    await person.waitForScreen(/reply to docs 100%: line one⏎line two/);
    await person.type("Enter");
    await server.waitForScreen(docs, /received: line one⏎line two/);
    assert.equal(await person.pane(), base);
  });

  it("z snoozes the highlighted session and wakes it again", async () => {
    const docs = panes[3] as string;
    await highlight(names[3] as string);
    await person.type("z");
    await server.waitFor("snoozed", async () => (await paneOption(server, docs, "@agentmux-snoozed")) === "1");
    await person.waitForScreen(/\(snoozed\)/);
    await person.type("z");
    await server.waitFor("woken", async () => (await paneOption(server, docs, "@agentmux-snoozed")) === "");
  });

  it("Enter goes to the highlighted session and closes the popup", async () => {
    const docs = panes[3] as string;
    await highlight(names[3] as string);
    await person.type("Enter");
    await person.waitForPane(docs);
    await person.waitForScreen(/^(?![\s\S]*Needs you)/);
  });
});
