import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeProjectName } from "../../../src/backends/claude/lineage.ts";
import { DEFAULT_CONFIG } from "../../../src/config/config.ts";
import { formatTurns, recordsBackends, recordsRefusal, sessionRecords, sessionTurns } from "../../../src/lifecycle/session-records.ts";
import type { NamedSession } from "../../../src/session/store.ts";
import { throwsLine } from "../../helpers/assert-error.ts";
import { ROOT } from "../../helpers/tmux-server.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-session-records-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

function session(over: Partial<NamedSession> = {}): NamedSession {
  return {
    pane: "%12", backend: "claude", account: "", dir: "/home/dev/proj", instance: "", id: "0028b511-546e-4a8a-aa5a-c056ddfe66ac", tokenHash: "", label: "", group: "", forkedFrom: "", parent: "", side: "",
    launch: {}, state: "idle", background: false, stateSince: null, startedAt: 1, dead: false, deadStatus: null, title: "", command: "", pid: 1, tmuxSession: "s", window: "@1", windowIndex: "1", active: false,
    name: "proj #1", ...over,
  };
}

describe("the records of a session", () => {
  it("are read for Claude Code and Codex; a backend without them, or a session without an id yet, is refused with the fix", () => {
    assert.deepEqual(recordsBackends().sort(), ["claude", "codex"]);
    assert.equal(recordsRefusal(session()), null);
    assert.match(recordsRefusal(session({ backend: "gemini" }))?.why ?? "", /no records of Gemini/u);
    assert.match(recordsRefusal(session({ backend: "generic" }))?.hint ?? "", /claude or codex/u);
    assert.match(recordsRefusal(session({ id: "" }))?.why ?? "", /native session id is not known yet/u);
    throwsLine(() => sessionRecords(DEFAULT_CONFIG, session({ backend: "opencode" }), "confirm a message to"), /cannot confirm a message to proj #1 \(%12\): agentmux reads no records of .*\(transcripts are read for claude or codex/u);
    throwsLine(() => sessionRecords(DEFAULT_CONFIG, session({ id: "" }), "read"), /cannot read proj #1 \(%12\): its native session id is not known yet \(wait/u);
  });

  it("are read in the session's account home: the place names its directory and CLAUDE_CONFIG_DIR", () => {
    const records = sessionRecords(DEFAULT_CONFIG, session(), "read", { CLAUDE_CONFIG_DIR: join(tmp, "claude") });
    assert.equal(records.place.dir, "/home/dev/proj");
    assert.equal(records.place.env["CLAUDE_CONFIG_DIR"], join(tmp, "claude"));
    assert.equal(records.label, "Claude Code");
  });

  it("sessionTurns: all, or the last N; a conversation not found names the session and id", () => {
    const config = join(tmp, "claude");
    const project = join(config, "projects", claudeProjectName("/home/dev/proj"));
    mkdirSync(project, { recursive: true });
    copyFileSync(join(ROOT, "test", "fixtures", "real", "transcripts", "claude", "0028b511-546e-4a8a-aa5a-c056ddfe66ac.jsonl"), join(project, "0028b511-546e-4a8a-aa5a-c056ddfe66ac.jsonl"));
    const env = { CLAUDE_CONFIG_DIR: config };
    assert.equal(sessionTurns(DEFAULT_CONFIG, session(), undefined, env).length, 8);
    assert.deepEqual(sessionTurns(DEFAULT_CONFIG, session(), 2, env).map((t) => t.text), ["fork of fork C", "Hello from the fake model."]);
    throwsLine(() => sessionTurns(DEFAULT_CONFIG, session({ id: "11111111-1111-1111-1111-111111111111" }), undefined, env), /no Claude Code records of proj #1 \(%12\) were found \(session 11111111/u);
  });

  it("formatTurns: `role: text`, a turn's later lines indented, empty ones left empty", () => {
    assert.equal(formatTurns([{ role: "user", text: "H\n\nfix it", at: null }]), "user: H\n\n  fix it");
    assert.equal(formatTurns([{ role: "user", text: "fix it\nplease", at: null }, { role: "tool", text: "Bash: ls", at: 1 }, { role: "assistant", text: "done", at: 2 }]),
      "user: fix it\n  please\ntool: Bash: ls\nassistant: done");
    assert.equal(formatTurns([]), "");
  });
});
