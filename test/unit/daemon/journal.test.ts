import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { journal, journalDropped } from "../../../src/daemon/journal.ts";
import type { SpooledEvent } from "../../../src/daemon/spool.ts";

const AT = 1_700_000_000_123.5;

function spooled(payload: Record<string, unknown>): SpooledEvent {
  return { file: "/run/agentmux/spool/%52.77.Stop.evt", event: "Stop", pane: "%52", token: "secret", global: false, agent: "claude", at: AT, pid: 77, payload };
}

describe("the event journal (AGENTMUX_EVENT_LOG)", () => {
  let dir = "";
  let saved: string | undefined;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), "agentmux-journal-")); saved = process.env["AGENTMUX_EVENT_LOG"]; });
  afterEach(() => {
    if (saved === undefined) delete process.env["AGENTMUX_EVENT_LOG"]; else process.env["AGENTMUX_EVENT_LOG"] = saved;
    rmSync(dir, { recursive: true, force: true });
  });
  const entries = (file: string) => readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);

  it("each ingested event is one JSON line with its file's name, result and reason, never its token", () => {
    const file = join(dir, "events.jsonl");
    process.env["AGENTMUX_EVENT_LOG"] = file;
    journal(spooled({ seq: 4 }), "applied", undefined, AT + 2);
    journal(spooled({ seq: 5, agentmux_truncated: true }), "refused", "wrong token for %52", AT + 3);
    assert.deepEqual(entries(file), [
      { file: "%52.77.Stop.evt", pane: "%52", event: "Stop", at: AT, took: AT + 2, seq: 4, result: "applied" },
      { file: "%52.77.Stop.evt", pane: "%52", event: "Stop", at: AT, took: AT + 3, seq: 5, result: "refused", reason: "wrong token for %52", truncated: true },
    ]);
    assert.doesNotMatch(readFileSync(file, "utf8"), /secret/);
  });

  it("a dropped spool file is journaled as dropped with its reason", () => {
    const file = join(dir, "events.jsonl");
    process.env["AGENTMUX_EVENT_LOG"] = file;
    journalDropped("/run/spool/%52.78.Stop.tmp", "%52", "Stop", "never completed");
    assert.deepEqual(entries(file), [{ file: "%52.78.Stop.tmp", pane: "%52", event: "Stop", result: "dropped", reason: "never completed" }]);
  });

  it("without the variable nothing is written; an unwritable journal is no error", () => {
    delete process.env["AGENTMUX_EVENT_LOG"];
    journal(spooled({}), "applied");
    process.env["AGENTMUX_EVENT_LOG"] = join(dir, "missing", "events.jsonl");
    journal(spooled({}), "applied");
    assert.equal(existsSync(join(dir, "missing")), false);
  });
});
