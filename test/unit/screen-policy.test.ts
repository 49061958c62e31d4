import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { screenEvent, SCREEN_SETTLE_MS as S } from "../../src/daemon/screen-policy.ts";

type Row = [string, Parameters<typeof screenEvent>[0], string | null, boolean?];
const now = 100_000;

const rows: Row[] = [
  ["no channel: the screen decides working", { state: "waiting", verdict: "working", verdictSince: now, lastEventAt: 0, now }, "activity", false],
  ["no channel: blocked", { state: "working", verdict: "blocked", verdictSince: now, lastEventAt: 0, now }, "blocked", false],
  ["no channel: idle after working ends the turn", { state: "working", verdict: "idle", verdictSince: now, lastEventAt: 0, now }, "stop", false],
  ["no channel: first sight of an idle prompt", { state: "unknown", verdict: "idle", verdictSince: now, lastEventAt: 0, now }, "started", false],
  ["no channel: idle on waiting changes nothing", { state: "waiting", verdict: "idle", verdictSince: now, lastEventAt: 0, now }, null],
  ["unknown verdict never acts", { state: "working", verdict: "unknown", verdictSince: 0, lastEventAt: 0, now }, null],
  ["hooks: a dialog the channel cannot report fills in at once", { state: "working", verdict: "blocked", verdictSince: now, lastEventAt: now - 10, now }, "blocked", false],
  ["hooks: a fresh contradiction waits", { state: "waiting", verdict: "working", verdictSince: now - 100, lastEventAt: now - 10 * S, now }, null],
  ["hooks: a recent hook event holds the screen back", { state: "working", verdict: "idle", verdictSince: now - 10 * S, lastEventAt: now - 100, now }, null],
  ["hooks: a contradiction past the settle time corrects", { state: "working", verdict: "idle", verdictSince: now - S, lastEventAt: now - S, now }, "stop", true],
  ["hooks: agreement does nothing", { state: "blocked", verdict: "blocked", verdictSince: 0, lastEventAt: 0, now }, null],
  ["exited is final", { state: "exited", verdict: "working", verdictSince: 0, lastEventAt: 0, now }, null],
];

describe("screen and hooks combined", () => {
  for (const [name, facts, kind, correction] of rows) {
    it(name, () => {
      const r = screenEvent(facts);
      assert.equal(r?.event.kind ?? null, kind);
      if (correction !== undefined && r) assert.equal(r.correction, correction);
    });
  }
});
