import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { resumeLine, resumeRow } from "../../../src/route/resume.ts";
import type { Config } from "../../../src/config/config.ts";
import type { NamedSession } from "../../../src/session/store.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ID = "3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b";

describe("resume lines", () => {
  const table: Array<[string, string | null, string | null]> = [
    [`Session waiting for input. Resume: claude --resume ${ID}`, "claude", ID],
    [`cd /x && claude -r ${ID}`, "claude", ID],
    [`claude --model opus --resume '${ID}'`, "claude", ID],
    [`codex resume ${ID}`, "codex", ID],
    ["claude --resume", null, null],
    ["codex resume --last", null, null],
    ["just text", null, null],
  ];
  for (const [text, backend, id] of table) {
    it(text, () => {
      const found = resumeLine(text);
      assert.equal(found?.backend ?? null, backend);
      assert.equal(found?.id ?? null, id);
    });
  }
  it("a live session holding the id is the row (no transcript needed); an id with no transcript is an error", () => {
    const live = { pane: "%12", backend: "claude", id: ID, dead: false, dir: "/w", account: "a" } as unknown as NamedSession;
    assert.equal(resumeRow({} as Config, { kind: "resume line", resume: true, backend: "claude", id: ID }, [live]).livePane, "%12");
    const home = mkdtempSync(join(tmpdir(), "agentmux-resume-line-"));
    try {
      const config = { backends: {} } as unknown as Config;
      assert.throws(() => resumeRow(config, { kind: "resume line", resume: true, backend: "claude", id: ID }, [], { HOME: home, CLAUDE_CONFIG_DIR: join(home, ".claude"), AGENTMUX_HOME: home }), /no Claude Code transcript records session 3f2a9c1e/);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
