import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { daemonLayout } from "../../../src/daemon/places.ts";
import { removeStatusFile } from "../../../src/daemon/status-files.ts";
import { tokenHash } from "../../../src/util/token.ts";
import { Teardown } from "../../../src/daemon/teardown.ts";

function setup() {
  const home = mkdtempSync(join(tmpdir(), "agentmux-teardown-"));
  const layout = daemonLayout("/tmp/tmux-0/x", { AGENTMUX_HOME: home });
  for (const d of [layout.mirror, layout.status]) mkdirSync(d, { recursive: true });
  const lines: string[] = [];
  return { layout, lines, teardown: new Teardown((line) => lines.push(line)) };
}

describe("Teardown", () => {
  it("files an earlier daemon left are removed at the first sweep without a leak line; later ones are leaks", () => {
    const { layout, lines, teardown } = setup();
    writeFileSync(join(layout.mirror, "%12"), "idle");
    writeFileSync(join(layout.status, "%12.tok.json"), "{}");
    writeFileSync(join(layout.status, "%13.tok.json"), "{}");
    assert.deepEqual(teardown.checkLeaks(layout, new Set(["%13"])), []);
    assert.equal(existsSync(join(layout.status, "%12.tok.json")), false);
    assert.equal(existsSync(join(layout.status, "%13.tok.json")), true, "a live session's file stays");
    assert.doesNotMatch(lines.join("\n"), /leak:/);
    assert.match(lines.join("\n"), /removed 2 file\(s\) an earlier daemon left/);
    assert.deepEqual(teardown.checkLeaks(layout, new Set()), [`status file ${join(layout.status, "%13.tok.json")}`]);
    assert.match(lines.join("\n"), /leak: status file .*%13\.tok\.json outlived its session/);
  });

  it("a registered status file goes with its session's teardown, so no leak is found", () => {
    const { layout, lines, teardown } = setup();
    teardown.checkLeaks(layout, new Set());
    writeFileSync(join(layout.status, "%14.tok.json"), "{}");
    teardown.register("%14", "status file", () => removeStatusFile(layout.status, "%14", tokenHash("tok")));
    teardown.run("%14", "pane closed");
    assert.deepEqual(teardown.checkLeaks(layout, new Set()), []);
    assert.match(lines.join("\n"), /teardown %14 \(pane closed\): status file/);
  });

  it("a status file its agent wrote after its session's teardown is removed without a leak line", () => {
    const { layout, lines, teardown } = setup();
    teardown.checkLeaks(layout, new Set());
    teardown.register("%15", "status file", () => removeStatusFile(layout.status, "%15", tokenHash("tok")));
    teardown.run("%15", "pane closed");
    writeFileSync(join(layout.status, "%15.tok.json"), "{}");
    writeFileSync(join(layout.mirror, "%15"), "idle");
    assert.deepEqual(teardown.checkLeaks(layout, new Set()), [`mirror file ${join(layout.mirror, "%15")}`], "the daemon's own mirror file is still a leak");
    assert.equal(existsSync(join(layout.status, "%15.tok.json")), false);
    assert.match(lines.join("\n"), /removed .*%15\.tok\.json, written by its agent after its session's teardown/);
    assert.doesNotMatch(lines.join("\n"), /leak: status file/);
  });

  it("a status file's half-written sibling (its writer killed with the pane) is removed without a leak line", () => {
    const { layout, lines, teardown } = setup();
    teardown.checkLeaks(layout, new Set());
    writeFileSync(join(layout.status, "%16.tok.json.4242"), "{\"half");
    writeFileSync(join(layout.status, "%17.tok.json"), "{}");
    assert.deepEqual(teardown.checkLeaks(layout, new Set()), [`status file ${join(layout.status, "%17.tok.json")}`], "a whole file of a session never torn down is still a leak");
    assert.equal(existsSync(join(layout.status, "%16.tok.json.4242")), false);
    assert.match(lines.join("\n"), /removed .*%16\.tok\.json\.4242, .*left half-written/);
  });
});
