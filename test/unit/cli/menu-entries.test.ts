import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { menuItems, type MenuContext } from "../../../src/cli/menu-entries.ts";

describe("the menu", () => {
  const ctx = (available: string[], session: { name: string } | null = { name: "api" }): MenuContext => ({
    self: "'agentmux'", client: "/dev/pts/1", pane: "%3", session, dir: "/src/api", available: new Set(available),
  });
  const labels = (c: MenuContext) => menuItems(c).map((i) => (i.kind === "item" ? `${i.disabled ? "-" : ""}${i.key}:${i.label}` : i.kind === "header" ? `[${i.label}]` : "--"));
  it("holds only commands that exist, sections without any are left out", () => {
    assert.deepEqual(labels(ctx(["switch", "next", "snooze"])), ["[Sessions]", "s:select session", "w:jump to waiting", "--", "[Current session: api]", "z:toggle snooze"]);
  });
  it("is laid out Sessions, Account and Tools as submenus, Current session", () => {
    const all = ["new", "switch", "inbox", "next", "list", "restore", "snooze", "rename", "handoff", "restart", "detect", "exit", "daemon", "daemon status", "daemon logs", "account", "account list", "usage"];
    assert.deepEqual(labels(ctx(all)), [
      "[Sessions]", "n:new session here", "s:select session", "i:inbox", "w:jump to waiting", "l:list sessions", "O:restore sessions", "--", "a:account…", "--",
      "[Current session: api]", "z:toggle snooze", "r:rename", "h:handoff", "R:restart", "e:explain its state", "x:exit", "X:exit immediately", "--", "t:tools…",
    ]);
  });
  it("has branch, branch into a worktree and branches on the current session, resume among the sessions", () => {
    assert.deepEqual(labels(ctx(["resume", "branch", "branches"])), [
      "[Sessions]", "c:resume a past conversation…", "--", "[Current session: api]", "b:branch", "W:branch into a worktree", "B:branches…",
    ]);
    const keys = menuItems(ctx(["new", "switch", "inbox", "next", "list", "restore", "resume", "snooze", "rename", "handoff", "branch", "branches", "restart", "detect", "exit", "account", "account list"])).flatMap((i) => (i.kind === "item" ? [i.key] : []));
    assert.equal(new Set(keys).size, keys.length, `every key once: ${keys.join(" ")}`);
  });
  it("has route… in Tools (t .), routing the paste buffer in a popup", () => {
    const tools = menuItems(ctx(["route"]));
    assert.equal(tools.length, 1);
    const item = tools[0];
    assert.ok(item?.kind === "item" && item.key === "t");
    assert.match(item.command, /"route…" "\."/);
    assert.match(item.command, /'route' '--client' '\/dev\/pts\/1'/);
  });
  it("has capture and insert in the Prompts submenu (p c, p i), each on the current pane", () => {
    const items = menuItems(ctx(["prompt capture", "prompt insert"]));
    assert.deepEqual(labels(ctx(["prompt capture", "prompt insert"])), ["p:prompts…"]);
    const sub = items[0]?.kind === "item" ? items[0].command : "";
    assert.match(sub, /capture prompt/);
    assert.match(sub, /insert captured prompt/);
    assert.match(sub, /'prompt' 'capture' '--client' '\/dev\/pts\/1' '%3'/);
    assert.match(sub, /display-popup.*'prompt' 'insert' '%3'/);
  });

  it("dims the current-session entries when the pane is not a session", () => {
    assert.deepEqual(labels(ctx(["snooze", "exit"], null)), ["[Current session]", "-z:toggle snooze", "-x:exit", "-X:exit immediately"]);
  });
});
