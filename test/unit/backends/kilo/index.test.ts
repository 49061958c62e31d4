import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { kilo } from "../../../../src/backends/kilo/index.ts";
import { KILO_HOOKS } from "../../../../src/backends/kilo/hook-events.ts";
import { identifyAgent } from "../../../../src/detect/identify.ts";
import { loadManifests } from "../../../../src/detect/load.ts";
import { installDir } from "../../../../src/util/install-dir.ts";

const launch = (mode: Parameters<typeof kilo.launch>[0]["mode"], prompt?: string) => kilo.launch({ mode, prompt, program: "kilo", args: ["--model", "anthropic/x"] }).argv;

describe("the Kilo backend", () => {
  it("launches kilo, resumes with -s ID, forks with -s ID --fork, and hands an initial prompt with --prompt", () => {
    assert.deepEqual(launch({ kind: "new" }), ["kilo", "--model", "anthropic/x"]);
    assert.deepEqual(launch({ kind: "resume", id: "ses_1" }), ["kilo", "--model", "anthropic/x", "-s", "ses_1"]);
    assert.deepEqual(launch({ kind: "fork", id: "ses_1" }, "-go on"), ["kilo", "--model", "anthropic/x", "-s", "ses_1", "--fork", "--prompt", "-go on"]);
    assert.deepEqual(kilo.launch({ mode: { kind: "new" }, program: "kilo", args: [] }).env, {});
  });

  it("has the plugin's event table, a runner, and its ready screen", () => {
    assert.equal(kilo.hooks, KILO_HOOKS);
    assert.ok(kilo.runner);
    const idle = readFileSync(join(installDir(), "test", "fixtures", "real", "screens", "kilo-idle.txt"), "utf8");
    assert.match(idle, kilo.readyPattern);
  });

  it("is recognised in a pane by its process tree (the pane runs node), or its title", () => {
    const { manifests } = loadManifests({ env: {}, userDir: "/nonexistent/agentmux-manifests" });
    // bin/kilo is a node script that runs the real binary, bin/.kilo (or the platform package's bin/kilo).
    const tree = ["node /home/u/.npm-global/bin/kilo -s ses_1", "/home/u/.npm-global/lib/node_modules/@kilocode/cli/bin/.kilo -s ses_1"];
    assert.equal(identifyAgent(manifests, { command: "node", processes: tree }), "kilo");
    assert.equal(identifyAgent(manifests, { command: "node", processes: ["node /x/node_modules/@kilocode/cli/bin/kilo"] }), "kilo");
    assert.equal(identifyAgent(manifests, { command: "node", processes: ["/x/node_modules/@kilocode/cli-linux-x64/bin/kilo"] }), "kilo");
    assert.equal(identifyAgent(manifests, { command: "node", title: "Kilo CLI | Fix the bug" }), "kilo");
    assert.equal(identifyAgent(manifests, { command: "node", title: "Kilo CLI" }), "kilo");
    assert.equal(identifyAgent(manifests, { command: "node", processes: ["node /usr/bin/gemini"], title: "x" }), "gemini");
  });
});
