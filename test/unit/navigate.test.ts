import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { menuItems, type MenuContext } from "../../src/cli/menu-entries.ts";
import { parseFastSwitch as fastSwitchArgs } from "../../src/cli/fast-path.ts";
import { nextNeedingYou, type NextCandidate } from "../../src/session/next.ts";
import { describeSnooze, parseHours, readSnooze, snoozeValue } from "../../src/session/snooze.ts";
import { menuArgs, promptSafe, runShell } from "../../src/tmux/menu.ts";
import { jumpArgs } from "../../src/tmux/jump.ts";
import { THEN } from "../../src/tmux/safe-text.ts";
import { throwsLine } from "../helpers/assert-error.ts";

const s = (pane: string, state: NextCandidate["state"], snoozed = false): NextCandidate => ({ pane, state, snoozed });

describe("next: the next session waiting for you", () => {
  const order = [s("%1", "waiting"), s("%2", "working"), s("%3", "blocked"), s("%4", "waiting", true), s("%5", "unknown"), s("%6", "waiting")];
  const rows: Array<[string, string | undefined, string | null]> = [
    ["from outside any session: the first", undefined, "%1"],
    ["from a waiting one: the next after it", "%1", "%3"],
    ["skips snoozed and unknown", "%3", "%6"],
    ["wraps around at the end", "%6", "%1"],
    ["from a session that does not need you", "%2", "%3"],
  ];
  for (const [what, from, expected] of rows) it(what, () => assert.equal(nextNeedingYou(order, from)?.pane ?? null, expected));
  it("cycles through every one in turn", () => {
    const seen: string[] = [];
    let at: string | undefined;
    for (let i = 0; i < 4; i++) { at = nextNeedingYou(order, at)?.pane; seen.push(at ?? "-"); }
    assert.deepEqual(seen, ["%1", "%3", "%6", "%1"]);
  });
  it("the only one needing you is the answer again; none is null", () => {
    assert.equal(nextNeedingYou([s("%1", "waiting"), s("%2", "idle")], "%1")?.pane, "%1");
    assert.equal(nextNeedingYou([s("%1", "idle"), s("%2", "waiting", true)], undefined), null);
    assert.equal(nextNeedingYou([], undefined), null);
  });
});

describe("snooze values", () => {
  const now = 1_000_000;
  const rows: Array<[string, boolean, number | null]> = [
    ["", false, null], ["0", false, null], ["1", true, null], [String(now + 5000), true, now + 5000], [String(now - 1), false, null], ["junk", false, null],
  ];
  for (const [value, snoozed, until] of rows) it(`"${value}" → ${snoozed}`, () => assert.deepEqual(readSnooze(value, now), { snoozed, until }));
  it("hours: blank or 0 is until undone, a number is a time", () => {
    assert.equal(parseHours(undefined), null);
    assert.equal(parseHours(" "), null);
    assert.equal(parseHours("0"), null);
    assert.equal(parseHours("1.5"), 1.5);
    assert.equal(snoozeValue(null, now), "1");
    assert.equal(snoozeValue(2, now), String(now + 7_200_000));
    throwsLine(() => parseHours("soon"), /"soon" is not a number of hours \(give hours as a number/);
    throwsLine(() => parseHours("-2"), /is not a number of hours/);
  });
  const words: Array<[number | null, string]> = [[null, "until undone"], [2, "for 2h"], [0.5, "for 30m"], [1.25, "for 1h15m"], [1.5, "for 1h30m"]];
  for (const [hours, text] of words) it(`${hours} → ${text}`, () => assert.equal(describeSnooze(hours), text));
});

describe("tmux commands built for bindings and menus", () => {
  it("jumping selects the window and pane and switches the named client", () => {
    assert.deepEqual(jumpArgs("%3", "/dev/pts/1"), ["select-window", "-t", "%3", THEN, "select-pane", "-t", "%3", THEN, "switch-client", "-c", "/dev/pts/1", "-t", "%3"]);
    assert.deepEqual(jumpArgs("%3").slice(-3), ["switch-client", "-t", "%3"]);
  });
  it("menu labels and commands have # doubled; items follow --", () => {
    const args = menuArgs({ title: "a#b", client: "/dev/pts/1", items: [{ kind: "item", label: "x #(rm)", key: "x", command: "display-message '#{pane_id}'" }] });
    assert.deepEqual(args.slice(-4), ["--", "x ##(rm)", "x", "display-message '##{pane_id}'"]);
    assert.ok(args.includes(" a##b "));
  });
  it("run-shell doubles # once more (it expands its command)", () => {
    assert.equal(runShell("echo '#x' \"$HOME\""), `"run-shell" "-b" "echo '##x' \\"\\$HOME\\""`);
  });
  it("a prompt template keeps pane ids whole (%1 would be the answer)", () => {
    assert.equal(promptSafe("agentmux snooze '%12'"), "agentmux snooze '%''12'");
  });
});

describe("the menu", () => {
  const ctx = (available: string[], session: { name: string } | null = { name: "api" }): MenuContext => ({
    self: "'agentmux'", client: "/dev/pts/1", pane: "%3", session, dir: "/src/api", available: new Set(available),
  });
  const labels = (c: MenuContext) => menuItems(c).map((i) => (i.kind === "item" ? `${i.disabled ? "-" : ""}${i.key}:${i.label}` : i.kind === "header" ? `[${i.label}]` : "--"));
  it("holds only commands that exist, sections without any are left out", () => {
    assert.deepEqual(labels(ctx(["switch", "next", "snooze"])), ["[Sessions]", "s:select session", "w:jump to waiting", "--", "[Current session: api]", "z:toggle snooze"]);
  });
  it("is laid out Sessions, Account and Tools as submenus, Current session", () => {
    const all = ["new", "switch", "next", "list", "restore", "snooze", "rename", "handoff", "restart", "detect", "exit", "daemon", "daemon status", "daemon logs", "account", "account list", "usage"];
    assert.deepEqual(labels(ctx(all)), [
      "[Sessions]", "n:new session here", "s:select session", "w:jump to waiting", "l:list sessions", "O:restore sessions", "--", "a:account…", "--",
      "[Current session: api]", "z:toggle snooze", "r:rename", "h:handoff", "R:restart", "e:explain its state", "x:exit", "X:exit immediately", "--", "t:tools…",
    ]);
  });
  it("dims the current-session entries when the pane is not a session", () => {
    assert.deepEqual(labels(ctx(["snooze", "exit"], null)), ["[Current session]", "-z:toggle snooze", "-x:exit", "-X:exit immediately"]);
  });
});

describe("the switch fast path", () => {
  const rows: Array<[string[], unknown]> = [
    [["switch"], { server: {} }],
    [["-L", "x", "switch", "--client", "/dev/pts/1"], { server: { socketName: "x" }, client: "/dev/pts/1" }],
    [["--socket-path=/s", "switch", "--client=/dev/pts/2"], { server: { socketPath: "/s" }, client: "/dev/pts/2" }],
    [["switch", "--help"], null], [["list"], null], [["-L"], null], [[], null], [["switch", "extra"], null],
  ];
  for (const [args, expected] of rows) it(args.join(" ") || "(nothing)", () => assert.deepEqual(fastSwitchArgs(args), expected));
});
