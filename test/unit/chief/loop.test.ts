import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { INITIAL, type MachineState } from "../../../src/core/state-machine.ts";
import { NO_CHANNELS } from "../../../src/core/evidence.ts";
import { ChiefLoop, answerAfter, type ChiefDeps } from "../../../src/chief/loop.ts";
import { CHIEF_ITEM } from "../../../src/chief/item.ts";
import { loadRecord, nextTickAt } from "../../../src/chief/record.ts";
import { DEFAULT_CONFIG, type Config } from "../../../src/config/config.ts";
import type { Note } from "../../../src/daemon/notifier.ts";
import type { Tracked } from "../../../src/daemon/tracked.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

const tracked = (pane: string, machine: Partial<MachineState>, instance = "chief", backend = "claude"): Tracked => ({
  pane, backend, tokenHash: "t", id: "", dir: "/r/chief", machine: { ...INITIAL, ...machine }, promptIds: [], lastPromptSeen: "", lastEventAt: 0, channels: NO_CHANNELS, raisedBy: null, decided: null,
  lastStopAt: 0, lastStopPromptId: "", statusMtime: 0, tornDown: false, panePid: 0, exitStatus: null, killed: false, suppressed: false, launch: {},
  record: { window: "@1", dir: "/r/chief", instance, label: "", side: "", parent: "" } as never,
});

function rig(chief: Partial<Config["chief"]>, sessions: Tracked[] = [], output = "") {
  const dir = mkdtempSync(join(tmpdir(), "chief-loop-"));
  const config: Config = { ...DEFAULT_CONFIG, chief: { ...DEFAULT_CONFIG.chief, stateFile: join(dir, "chief.md"), directory: dir, ...chief } };
  const told: Note[] = [];
  const logged: string[] = [];
  let changes = 0;
  let now = Date.UTC(2026, 11, 6, 9, 0);
  const prompts: string[] = [];
  const deps: ChiefDeps = {
    tracked: () => sessions, config: () => config, sendTmux: {} as Tmux, typed: async () => undefined,
    notify: async (note) => { told.push(note); }, changed: () => { changes++; }, turns: () => null,
    recordFile: join(dir, "chief.json"), log: (line) => logged.push(line),
    runStateless: async (_c, prompt) => { prompts.push(prompt); return output; },
    now: () => now,
  };
  return { dir, config, told, logged, deps, prompts, changes: () => changes, advance: (ms: number) => { now += ms; }, now: () => now, done: () => rmSync(dir, { recursive: true, force: true }) };
}

describe("the chief's loop", () => {
  it("stateless: a nudge is told, kept in the inbox until dismissed; the state and context commands are in the prompt", async () => {
    const r = rig({ mode: "stateless", contextCommands: ["printf 'agenda: stand-up 10:00'", "printf ''", "exit 3"] }, [], 'example {"notify": false, "message": ""}\n{"notify": true, "message": "Stand-up in 10 minutes"}');
    try {
      writeFileSync(r.config.chief.stateFile as string, "## Plan 2026-12-06\n\nstand-up, then the release\n");
      const loop = new ChiefLoop(r.deps);
      const answer = await loop.request("tick");
      assert.deepEqual(answer, { ok: true, outcome: "nudge: Stand-up in 10 minutes" });
      assert.deepEqual(r.told.map((n) => [n.text, n.pane, n.name, n.reason]), [["chief: Stand-up in 10 minutes", CHIEF_ITEM, "chief", "nudge"]]);
      assert.match(r.prompts[0] ?? "", /agenda: stand-up 10:00/);
      assert.match(r.prompts[0] ?? "", /stand-up, then the release/);
      assert.match(r.prompts[0] ?? "", /"notify": true or false/);
      assert.ok(r.logged.some((l) => /context command "exit 3" failed/.test(l)));
      const items = loop.items();
      assert.equal(items.length, 1);
      assert.equal(items[0]?.pane, CHIEF_ITEM);
      assert.equal(items[0]?.ask?.summary, "Nudge: Stand-up in 10 minutes");
      assert.deepEqual(await loop.request("dismiss"), { ok: true, dismissed: 1 });
      assert.deepEqual(loop.items(), []);
      // The model's state updates are not written unless chief.recordModelState.
      assert.equal(readFileSync(r.config.chief.stateFile as string, "utf8"), "## Plan 2026-12-06\n\nstand-up, then the release\n");
    } finally { r.done(); }
  });

  it("stateless with recordModelState: the proposed update is appended; a failed run is an outcome, not a throw", async () => {
    const r = rig({ mode: "stateless", recordModelState: true }, [], '{"notify": false, "message": "", "state_update": "the release slipped to Monday"}');
    try {
      const loop = new ChiefLoop(r.deps);
      assert.equal((await loop.request("tick") as unknown as { outcome: string }).outcome, "no nudge");
      assert.match(readFileSync(r.config.chief.stateFile as string, "utf8"), /## Model update 2026-12-06 \d\d:\d\d\n\nthe release slipped to Monday\n/);
      const failing = new ChiefLoop({ ...r.deps, runStateless: async () => { throw new Error("Claude Code answered no result: rate limited"); } });
      assert.equal((await failing.request("stateless") as unknown as { outcome: string }).outcome, "failed: Claude Code answered no result: rate limited");
    } finally { r.done(); }
  });

  it("session mode: no chief session, or a busy or blocked one, is skipped and said why; nothing is typed", async () => {
    const none = rig({});
    try {
      assert.equal((await new ChiefLoop(none.deps).request("heartbeat") as unknown as { outcome: string }).outcome, "skipped: no chief session (agentmux chief start starts one)");
    } finally { none.done(); }
    for (const state of ["working", "blocked"] as const) {
      const r = rig({}, [tracked("%21", { state: "waiting" }, "other"), tracked("%22", { state }), tracked("%23", { state: "waiting" }, "chief", "codex")]);
      try {
        const loop = new ChiefLoop(r.deps);
        assert.equal((await loop.request("tick") as unknown as { outcome: string }).outcome, `skipped: the chief session (%22) is ${state}; a heartbeat never interrupts`);
        assert.equal(loop.quiet("%22"), false);
        assert.equal(r.told.length, 0);
      } finally { r.done(); }
    }
  });

  it("the timer survives a restart: the record keeps running and the last tick; the next is a whole interval later", async () => {
    const r = rig({ interval: 600 });
    try {
      const loop = new ChiefLoop(r.deps);
      const started = await loop.request("start") as unknown as { running: boolean; nextTick: number };
      assert.equal(started.running, true);
      assert.equal(started.nextTick, r.now() + 600_000);
      loop.stop();
      r.advance(120_000);
      const again = new ChiefLoop(r.deps);
      const status = await again.request("status") as unknown as { running: boolean; nextTick: number; lastTick: number };
      assert.equal(status.running, true);
      assert.equal(status.nextTick, status.lastTick + 600_000);
      again.stop();
      assert.equal(nextTickAt({ running: true, lastTick: null, last: null, nudges: [] }, 600_000, 5), 5, "never ticked: at once");
      assert.equal(nextTickAt({ running: true, lastTick: 1, last: null, nudges: [] }, 600_000, 10_000_000), 10_000_000, "overdue: at once");
      await again.request("stop");
      assert.equal(loadRecord(r.deps.recordFile, () => undefined).running, false);
    } finally { r.done(); }
  });

  it("a corrupt record is kept aside and the loop starts afresh", () => {
    const r = rig({});
    try {
      writeFileSync(r.deps.recordFile, "{not json");
      const record = loadRecord(r.deps.recordFile, (line) => r.logged.push(line));
      assert.equal(record.running, false);
      assert.ok(r.logged.some((l) => /could not be read .* kept at .*agentmux-corrupt/.test(l)), r.logged.join("\n"));
    } finally { r.done(); }
  });

  it("the answer is what the assistant said after the heartbeat's marker, not an earlier turn", () => {
    const turns = [
      { role: "user" as const, text: "[agentmux chief heartbeat A]\n...", at: null },
      { role: "assistant" as const, text: "Nudge: old", at: null },
      { role: "user" as const, text: "[agentmux chief heartbeat B]\n...", at: null },
      { role: "tool" as const, text: "Read: plan.md", at: null },
      { role: "assistant" as const, text: "No nudge.", at: null },
    ];
    assert.equal(answerAfter(turns, "[agentmux chief heartbeat B]"), "No nudge.");
    assert.equal(answerAfter(turns.slice(0, 3), "[agentmux chief heartbeat B]"), null, "not answered yet");
    assert.equal(answerAfter(turns, "[agentmux chief heartbeat C]"), null);
  });
});

describe("the chief's backend", () => {
  it("a CLI that cannot be the chief in the mode is a failed tick naming the fix", async () => {
    const r = rig({ backend: "generic" as never });
    try {
      const outcome = (await new ChiefLoop(r.deps).request("heartbeat") as unknown as { outcome: string }).outcome;
      assert.match(outcome, /^failed: chief\.backend generic cannot be the chief in session mode/);
      assert.match(outcome, /claude/);
    } finally { r.done(); }
  });
});
