import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { formatExplain, type Explained } from "../../../src/cli/explain-format.ts";
import { NO_CHANNELS } from "../../../src/core/evidence.ts";

const NOW = 1_700_000_000_000;

function explained(over: Partial<Explained> = {}): Explained {
  return {
    pane: "%12", now: NOW, state: "blocked", background: false, since: NOW - 75_000, raisedBy: "hook",
    decided: { rule: "hook PermissionRequest", why: "PermissionRequest said blocked", from: "working", at: NOW - 75_000 },
    channels: {
      hook: { event: "PermissionRequest", at: NOW - 75_000 },
      live: { status: "waiting", waitingFor: "permission prompt", source: "Claude Code's agents report", since: NOW - 70_000, at: NOW - 2_000 },
      screen: { verdict: "idle", rule: "title-idle", region: "title", cause: null, since: NOW - 4_000, at: NOW - 1_000 },
      input: { kind: "submit", at: NOW - 3_700_000 },
    },
    hooks: true,
    verdict: { rule: "hook-blocker-holds", why: "a screen that matched only the title does not end a hook's blocker", event: null },
    ...over,
  };
}

describe("formatExplain: agentmux explain's text", () => {
  it("names the session, its state and age, who made it by which rule, every channel's word with its age, and the decision now", () => {
    assert.deepEqual(formatExplain("fix “auth” #1", explained()), [
      "fix “auth” #1 (%12): blocked, since 1m15s ago",
      "  made by hook, rule hook PermissionRequest: PermissionRequest said blocked (was working)",
      "  channels:",
      "    hook    PermissionRequest, 1m15s ago",
      "    live    waiting (permission prompt) from Claude Code's agents report, since 1m10s ago, read 2s ago",
      "    screen  idle by rule title-idle (title only), since 4s ago",
      "    input   submit through agentmux, 1h01m ago",
      "  decision now: hold by rule hook-blocker-holds: a screen that matched only the title does not end a hook's blocker",
    ]);
  });

  it("a session with no word from any channel yet says so per channel; a backend without hooks says it has none", () => {
    const e = explained({ state: "unknown", decided: null, raisedBy: null, channels: NO_CHANNELS, hooks: false, verdict: { rule: "no-evidence", why: "nothing to go on", event: null } });
    assert.deepEqual(formatExplain("shell", e), [
      "shell (%12): unknown, since 1m15s ago",
      "  channels:",
      "    hook    none (this backend has no hooks)",
      "    live    no report",
      "    screen  not captured yet",
      "    input   nothing typed through agentmux",
      "  decision now: hold by rule no-evidence: nothing to go on",
    ]);
    assert.equal(formatExplain("s", { ...e, hooks: true })[2], "    hook    nothing yet");
    // A Claude session that has not fired a hook yet is not one whose backend has none.
    assert.equal(formatExplain("s", { ...e, hookable: true })[2], "    hook    none yet (its hooks have not fired since it started)");
  });

  it("background work, a screen's cause, a rule-less screen and a verdict that moves the state", () => {
    const lines = formatExplain("s", explained({
      state: "waiting", background: true, raisedBy: null,
      channels: { ...NO_CHANNELS, screen: { verdict: "blocked", rule: null, region: "screen", cause: "question", since: NOW - 500, at: NOW } },
      verdict: { rule: "screen-dialog", why: "the screen shows a dialog", event: "blocked" },
    }));
    assert.equal(lines[0], "s (%12): waiting with background work, since 1m15s ago");
    assert.match(lines[1] ?? "", /^ {2}made by \?, rule /);
    assert.equal(lines[5], "    screen  blocked (question) by rule none, since 0s ago");
    assert.equal(lines.at(-1), "  decision now: blocked by rule screen-dialog: the screen shows a dialog");
  });

  it("an age never goes negative (a word dated a moment after the daemon's now)", () => {
    const lines = formatExplain("s", explained({ channels: { ...NO_CHANNELS, hook: { event: "Stop", at: NOW + 5_000 } } }));
    assert.equal(lines[3], "    hook    Stop, 0s ago");
  });
});
