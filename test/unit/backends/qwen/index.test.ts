import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { qwen } from "../../../../src/backends/qwen/index.ts";
import { resumeLine } from "../../../../src/route/resume.ts";
import { identifyAgent, loadManifests } from "../../../../src/detect/index.ts";
import type { LaunchMode } from "../../../../src/backends/shared/types.ts";
import { AgentmuxError } from "../../../../src/util/errors.ts";

const SCREENS = join(import.meta.dirname, "..", "..", "..", "fixtures", "real", "screens");
const launch = (mode: LaunchMode, prompt?: string) => qwen.launch({ mode, prompt, program: "qwen", args: ["--x"] });

describe("Qwen Code's launch", () => {
  it("starts interactive with an initial prompt through -i (a positional prompt would run headless and exit)", () => {
    assert.deepEqual(launch({ kind: "new" }).argv, ["qwen", "--x"]);
    assert.deepEqual(launch({ kind: "new" }, "fix the bug").argv, ["qwen", "--x", "-i", "fix the bug"]);
    assert.deepEqual(launch({ kind: "new" }, "-v is a flag?").argv, ["qwen", "--x", "-i", "-v is a flag?"]);
  });

  it("resumes with --resume ID", () => {
    assert.deepEqual(launch({ kind: "resume", id: "e670cec5-7f65-45e0-bc2a-a8187893908d" }, "go on").argv, ["qwen", "--x", "--resume", "e670cec5-7f65-45e0-bc2a-a8187893908d", "-i", "go on"]);
  });

  it("cannot fork: an error that says what to do instead", () => {
    assert.throws(() => launch({ kind: "fork", id: "s1" }), (e: unknown) => e instanceof AgentmuxError && /Qwen Code cannot fork/.test(e.message) && /resume it instead/.test(e.hint ?? ""));
  });

  it("reads the session id from the line Qwen prints on exit", () => {
    const screen = readFileSync(join(SCREENS, "qwen-after-exit.txt"), "utf8");
    const id = /Session ID:\s+([0-9a-f-]{36})/.exec(screen)?.[1];
    assert.ok(id);
    assert.deepEqual(resumeLine(screen), { kind: "resume line", resume: true, backend: "qwen", id });
    assert.equal(qwen.resumeLine?.exec("qwen --continue")?.[1], undefined);
  });

  it("is known in a pane by its process tree (node runs its cli.js) or its title", () => {
    const { manifests } = loadManifests({ userDir: "/nonexistent" });
    assert.equal(identifyAgent(manifests, { command: "node", processes: ["node /usr/lib/node_modules/@qwen-code/qwen-code/cli.js"] }), "qwen");
    assert.equal(identifyAgent(manifests, { command: "node", processes: ["node /home/u/.npm-global/bin/qwen", "/usr/bin/node /home/u/.npm-global/bin/qwen"] }), "qwen");
    assert.equal(identifyAgent(manifests, { command: "node", title: "Qwen - work" }), "qwen");
  });

  it("is ready at its input line", () => {
    assert.match(readFileSync(join(SCREENS, "qwen-startup.txt"), "utf8"), qwen.readyPattern);
  });
});
