import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseConfig } from "../../../src/config/config.ts";
import { familyRows, livePaneOf, pastConversations } from "../../../src/lifecycle/conversations.ts";
import type { NamedSession } from "../../../src/session/store.ts";

interface FakeStore {
  (name: string, mode: { kind: string; id?: string }, cwd: string, env: Record<string, string>): { sessionId: string; user(text: string): void; assistant(text: string): void };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tmp = mkdtempSync(join(tmpdir(), "agentmux-conversations-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

function session(over: Partial<NamedSession>): NamedSession {
  return {
    pane: "%11", backend: "claude", account: "", dir: "/w/my dir #1", instance: "", id: "", tokenHash: "", label: "", group: "", forkedFrom: "", parent: "", side: "",
    launch: {}, state: "idle", background: false, stateSince: null, startedAt: 1, dead: false, deadStatus: null, title: "", command: "", pid: 1, tmuxSession: "s", window: "@1", windowIndex: "1", active: false,
    name: "my dir #1", ...over,
  };
}

describe("conversations over the fake agent's Claude transcripts", async () => {
  // @ts-expect-error the fake agent's store is plain JavaScript
  const { conversationStore } = (await import("../../fixtures/bin/fake-records.js")) as { conversationStore: FakeStore };
  const own = join(tmp, "claude");
  const env = { CLAUDE_CONFIG_DIR: own, HOME: tmp };
  const dir = "/w/my dir #1";
  // Account a shares the projects folder with the CLI's own home (as agentmux links it); account b keeps its own.
  mkdirSync(join(own, "projects"), { recursive: true });
  mkdirSync(join(tmp, "a"), { recursive: true });
  symlinkSync(join(own, "projects"), join(tmp, "a", "projects"));
  const config = parseConfig(`backends:\n  claude:\n    accounts:\n      a: ${join(tmp, "a")}\n      b: ${join(tmp, "b")}\n`, "/cfg.yml");
  const parent = conversationStore("claude", { kind: "new" }, dir, env);
  parent.user("parent question");
  parent.assistant("parent answer");
  await sleep(5);
  const fork = conversationStore("claude", { kind: "fork", id: parent.sessionId }, dir, env);
  fork.user("fork question");
  fork.assistant("fork answer");
  await sleep(5);
  const elsewhere = conversationStore("claude", { kind: "new" }, dir, { CLAUDE_CONFIG_DIR: join(tmp, "b") });
  elsewhere.user("under b");

  it("the family of a fork: its parent at the root, the fork marked current, live panes named", () => {
    const live = [session({ pane: "%12", id: fork.sessionId, forkedFrom: parent.sessionId })];
    const rows = familyRows(config, live[0] as NamedSession, live, env);
    assert.deepEqual(rows.map((r) => [r.id, r.depth, r.current, r.livePane, r.firstPrompt]), [
      [parent.sessionId, 0, false, null, "parent question"],
      [fork.sessionId, 1, true, "%12", "parent question"],
    ]);
  });

  it("resume lists the directory's conversations newest first; a shared store names no account, one home of its own does", () => {
    const rows = pastConversations(config, { dir }, [], { env, recorded: new Map() });
    assert.deepEqual(rows.map((r) => [r.id, r.account]), [[elsewhere.sessionId, "b"], [fork.sessionId, ""], [parent.sessionId, ""]]);
    const recorded = new Map([[`claude\0${parent.sessionId}`, "a"]]);
    assert.equal(pastConversations(config, { dir }, [], { env, recorded }).find((r) => r.id === parent.sessionId)?.account, "a");
    assert.deepEqual(pastConversations(config, { dir, account: "b" }, [], { env, recorded }).map((r) => r.id), [elsewhere.sessionId]);
    assert.deepEqual(pastConversations(config, { dir: "/nowhere" }, [], { env, recorded }), []);
  });

  it("a conversation is live in the pane of a live session of its backend holding it", () => {
    const sessions = [session({ pane: "%13", id: "x", dead: true }), session({ pane: "%14", id: "x", backend: "codex" }), session({ pane: "%15", id: "x" })];
    assert.equal(livePaneOf(sessions, "claude", "x"), "%15");
    assert.equal(livePaneOf(sessions, "claude", "y"), null);
  });

  it("refuses a backend whose conversations agentmux cannot read, and a session without an id", () => {
    assert.throws(() => familyRows(config, session({ backend: "gemini", id: "g" }), [], env), /cannot show the branches .*cannot read Gemini CLI's conversations/);
    assert.throws(() => familyRows(config, session({ id: "" }), [], env), /native session id is not known/);
    assert.throws(() => pastConversations(config, { dir, backend: "gemini" }, [], { env }), /cannot read Gemini CLI's past conversations/);
  });
});
