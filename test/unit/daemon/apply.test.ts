import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { applyEvent, refuse } from "../../../src/daemon/apply.ts";
import type { SpooledEvent } from "../../../src/daemon/spool.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";
import { tokenHash } from "../../../src/util/token.ts";

const AT = 1_700_000_000_000;

function session(backend: string, values: Partial<PaneRecord> = {}): Tracked {
  const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;
  return trackedFromPane({ ...fields, pane: "%17", backend, dir: "/home/a b/proj", state: "idle", ...values });
}

function spooled(event: string, at: number, payload: Record<string, unknown> = {}, token = ""): SpooledEvent {
  return { file: `/spool/%17.9.${event}.evt`, event, pane: "%17", token, global: false, agent: "claude", at, pid: 9, payload };
}

describe("refusing a hook event before it reaches the machine", () => {
  const token = "tok‘en #1 %x";
  it("an event for a pane with no session is refused, naming the pane", () => {
    assert.equal(refuse(undefined, spooled("Stop", AT)), "no agentmux session in pane %17");
  });
  it("an event whose token does not hash to the pane's is refused", () => {
    const t = session("claude", { tokenHash: tokenHash(token) });
    assert.equal(refuse(t, spooled("Stop", AT, {}, "someone else's")), "wrong token for %17");
  });
  it("the pane's own token passes", () => {
    const t = session("claude", { tokenHash: tokenHash(token) });
    assert.equal(refuse(t, spooled("Stop", AT, {}, token)), null);
  });
  it("a pane agentmux did not start (global hooks, no token hash) passes any token", () => {
    assert.equal(refuse(session("claude"), spooled("Stop", AT, {}, "anything")), null);
  });
});

describe("applying a hook event to a session", () => {
  it("a stop ends the turn: waiting, with the turn's length and the stop's prompt id", () => {
    const t = session("claude");
    applyEvent(t, spooled("UserPromptSubmit", AT, { prompt_id: "p-7" }));
    const applied = applyEvent(t, spooled("Stop", AT + 4250, { prompt_id: "p-7", background_tasks: [] }));
    assert.equal(t.machine.state, "waiting");
    assert.equal(applied.stateChanged, true);
    assert.equal(applied.turnMs, 4250);
    assert.equal(applied.stopped, true);
    assert.equal(t.lastStopAt, AT + 4250);
    assert.equal(t.lastStopPromptId, "p-7");
    assert.equal(t.lastEventAt, AT + 4250);
    assert.deepEqual(t.promptIds, ["p-7"]);
    assert.deepEqual(t.cause, { why: "finished", detail: undefined });
  });

  it("a rate-limited stop is no normal stop (failover tells them apart)", () => {
    const t = session("claude", { state: "working" });
    const applied = applyEvent(t, spooled("StopFailure", AT, { error: "rate_limit" }));
    assert.equal(applied.rateLimited, true);
    assert.equal(applied.stopped, false);
  });

  it("a permission request blocks the session with the hook's cause", () => {
    const t = session("claude", { state: "working" });
    applyEvent(t, spooled("PermissionRequest", AT, { tool_name: "Bash", tool_input: { command: "rm -rf 'build #2'" } }));
    assert.equal(t.machine.state, "blocked");
    assert.equal(t.cause?.why, "permission");
    assert.match(t.cause?.detail ?? "", /rm -rf 'build #2'/);
  });

  it("a new native session id is learned and reported once", () => {
    const t = session("claude");
    const first = applyEvent(t, spooled("SessionStart", AT, { session_id: "0b9a-ünï" }));
    const again = applyEvent(t, spooled("PreToolUse", AT + 1, { session_id: "0b9a-ünï" }));
    assert.equal(first.newId, "0b9a-ünï");
    assert.equal(again.newId, undefined);
    assert.equal(t.id, "0b9a-ünï");
  });

  it("the model a payload reports becomes the launch state; a subagent's model does not", () => {
    const t = session("claude");
    const own = applyEvent(t, spooled("PreToolUse", AT, { model: "claude-opus-4", permission_mode: "plan" }));
    assert.equal(own.launch, JSON.stringify({ model: "claude-opus-4", permissionMode: "plan" }));
    const sub = applyEvent(t, spooled("PreToolUse", AT + 1, { agent_id: "a-1", model: "claude-haiku" }));
    assert.equal(sub.launch, undefined);
    assert.equal(t.launch.model, "claude-opus-4");
  });

  it("an event for another Codex thread is discarded and changes nothing", () => {
    const t = session("codex", { id: "thread-main", state: "working" });
    const before = t.machine;
    const applied = applyEvent(t, spooled("agent-turn-complete", AT, { "thread-id": "thread-other" }));
    assert.equal(t.machine, before);
    assert.equal(applied.changed, false);
    assert.deepEqual(applied.effects, [{ type: "discarded", reason: "event for another thread (thread-other)" }]);
  });

  it("a stop sent before the current turn began is discarded", () => {
    const t = session("claude");
    applyEvent(t, spooled("UserPromptSubmit", AT + 1000));
    const applied = applyEvent(t, spooled("Stop", AT, { background_tasks: [] }));
    assert.equal(t.machine.state, "working");
    assert.equal(applied.stateChanged, false);
    assert.equal(applied.effects[0]?.type, "discarded");
  });

  it("only the 20 most recent prompt ids are kept, each once", () => {
    const t = session("claude");
    for (let i = 0; i < 25; i++) applyEvent(t, spooled("PreToolUse", AT + i, { prompt_id: `p-${i}` }));
    applyEvent(t, spooled("PreToolUse", AT + 30, { prompt_id: "p-24" }));
    assert.equal(t.promptIds.length, 20);
    assert.equal(t.promptIds[0], "p-5");
    assert.equal(t.promptIds.at(-1), "p-24");
  });
});
