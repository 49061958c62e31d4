import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { MENU, menuItems, type MenuContext } from "../../../src/cli/menu-entries.ts";

describe("the menu", () => {
  const ctx = (available: string[], session: MenuContext["session"] = { name: "api" }): MenuContext => ({
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
    const keys = menuItems(ctx(["new", "switch", "inbox", "next", "list", "restore", "resume", "snooze", "rename", "handoff", "branch", "branches", "restart", "detect", "exit", "account", "account list", "kill", "watch", "send", "group", "ungroup"])).flatMap((i) => (i.kind === "item" ? [i.key] : []));
    assert.equal(new Set(keys).size, keys.length, `every key once: ${keys.join(" ")}`);
  });
  it("has the Chief submenu (C): its session, a tick, notes and plans asked in the prompt, the state file, its status", () => {
    const all = ["chief start", "chief switch", "chief tick", "chief note", "chief plan", "chief open", "chief status", "chief stop"];
    assert.deepEqual(labels(ctx(all)), ["C:chief…"]);
    const sub = menuItems(ctx(all))[0];
    const command = sub?.kind === "item" ? sub.command : "";
    assert.match(command, /chief.*note.*AGENTMUX_ANSWER/);
    assert.match(command, /note for the chief:/);
    assert.match(command, /'agentmux' 'chief' 'switch'/);
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

  it("has run skill (t r), batch TODOs (p b), a side conversation (q) and an Options submenu (o: select account first)", () => {
    assert.deepEqual(labels(ctx(["side"])), ["[Current session: api]", "q:side conversation"]);
    const sub = (available: string[]) => { const i = menuItems(ctx(available))[0]; return i?.kind === "item" ? `${i.key} ${i.command}` : ""; };
    assert.match(sub(["skill run"]), /^t .*"run skill…" "r"/);
    assert.match(sub(["batch"]), /^p .*"batch TODOs…" "b"/);
    const options = menuItems(ctx(["account select"])).find((i) => i.kind === "item" && i.key === "o");
    assert.ok(options?.kind === "item" && options.command.includes('" Options "') && options.command.includes('"select account…" "c"'), JSON.stringify(options));
    // The answer (a skill name, a file name: quotes, %, $ and all) reaches the popup's command as
    // $AGENTMUX_ANSWER, set by display-popup -e: never pasted into a command string.
    const entry = (label: string) => MENU.flatMap((section) => section.entries).find((e) => e.label === label)?.command(ctx([])) ?? "";
    for (const command of [entry("run skill…"), entry("batch TODOs…")]) {
      assert.ok(command.includes("set -- #{q:@agentmux-prompt-answer};"), command);
      assert.ok(command.includes("|| tmux display-popup -e"), command);
      assert.ok(command.includes("AGENTMUX_ANSWER="), command);
      assert.ok(!command.includes("'%%%'"), command);
    }
    // The pane id survives the command-prompt template (%3 as %''3).
    assert.ok(entry("run skill…").includes("%''3"), entry("run skill…"));
  });

  it("dims the current-session entries when the pane is not a session", () => {
    assert.deepEqual(labels(ctx(["snooze", "exit"], null)), ["[Current session]", "-z:toggle snooze", "-x:exit", "-X:exit immediately"]);
    assert.deepEqual(labels(ctx(["kill", "watch", "send", "group", "ungroup"], null)), ["[Current session]", "-m:send…", "-v:watch…", "-g:group…", "-k:kill"]);
  });

  it("has send, watch, group and kill on the current session: the first three ask in the client's prompt, kill asks in a popup", () => {
    const items = menuItems(ctx(["kill", "watch", "send", "group", "ungroup"], { name: "api", group: "web" }));
    assert.deepEqual(labels(ctx(["kill", "watch", "send", "group", "ungroup"])), ["[Current session: api]", "m:send…", "v:watch…", "g:group…", "k:kill"]);
    const command = (key: string) => { const i = items.find((x) => x.kind === "item" && x.key === key); return i?.kind === "item" ? i.command : ""; };
    // The answer reaches sh as "$1" through a global option, shell-quoted by run-shell (#{q:}); the pane survives the template as %''3.
    assert.match(command("m"), /^"command-prompt" "-t" "\/dev\/pts\/1" "-p" "send to api:" /);
    assert.ok(command("m").includes(`\\"@agentmux-prompt-answer\\" \\"%%%\\" ; \\"run-shell\\" \\"-b\\" \\"set -- #{q:@agentmux-prompt-answer}; `), command("m"));
    assert.ok(command("m").includes(`'agentmux' 'send' '%''3' --`), command("m"));
    assert.match(command("v"), /watch api for \(extended regex; blank disarms\):.*'watch' '%''3' /);
    assert.match(command("g"), /"-I" "web" "-p" "group of api \(blank: none\):".*'ungroup' '%''3'.*'group' '%''3' /);
    assert.match(command("k"), /^"display-popup" "-c" "\/dev\/pts\/1" "-E" .*'agentmux' 'kill' '%3' \|\| sleep 3"$/);
  });
});
