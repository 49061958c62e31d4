import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { basename } from "node:path";
import { codexOutsideConfig } from "../../../../src/backends/codex/outside-config.ts";
import { CODEX_HOOK_EVENTS } from "../../../../src/backends/codex/hooks.ts";
import { shWords } from "../../../../src/util/sh.ts";

const scripts = { hook: "/opt/agent mux/it's/shell/agentmux-hook", statusLine: "/unused" };

describe("init --agents: Codex's part", () => {
  const lines = codexOutsideConfig(scripts);
  const json = JSON.parse(lines[1] ?? "") as { hooks: Record<string, Array<{ matcher?: string; hooks: Array<{ command: string }> }>> };

  it("hooks.json: one group for every event agentmux installs, each forwarding with --agent codex", () => {
    assert.match(lines[0] ?? "", /^## Codex: merge into ~\/\.codex\/hooks\.json/);
    assert.deepEqual(Object.keys(json.hooks), [...CODEX_HOOK_EVENTS]);
    for (const event of CODEX_HOOK_EVENTS) {
      const groups = json.hooks[event] ?? [];
      assert.equal(groups.length, 1, event);
      assert.deepEqual(shWords(groups[0]?.hooks[0]?.command ?? ""), [scripts.hook, "--agent", "codex", event], event);
    }
  });
  it("the tool events match every tool", () => {
    assert.equal(json.hooks["PreToolUse"]?.[0]?.matcher, "*");
    assert.equal(json.hooks["Stop"]?.[0]?.matcher, undefined);
  });
  it("config.toml: a notify line running agentmux's notify program, as a TOML string array", () => {
    assert.match(lines[2] ?? "", /^## \.\.\. and in ~\/\.codex\/config\.toml/);
    const notify = lines[3] ?? "";
    assert.match(notify, /^notify = \[".*"\]$/);
    const argv = JSON.parse(notify.slice("notify = ".length)) as string[];
    assert.equal(argv.length, 1);
    assert.equal(basename(argv[0] ?? ""), "agentmux-codex-notify");
    assert.equal(lines.at(-1), "");
  });
});
