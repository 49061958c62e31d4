import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pi, piPromptArg } from "../../../../src/backends/pi/index.ts";
import { EXTENSION_VARIABLE, HOOK_VARIABLE, piExtensionPath } from "../../../../src/backends/pi/extension.ts";
import type { LaunchMode } from "../../../../src/backends/shared/types.ts";
import { ROOT } from "../../../helpers/tmux-server.ts";

const launch = (mode: LaunchMode, prompt?: string, args: string[] = []) => pi.launch({ mode, prompt, program: "pi", args }).argv;
const screen = (name: string) => readFileSync(join(ROOT, "test", "fixtures", "real", "screens", `${name}.txt`), "utf8");

describe("the pi backend", () => {
  it("launches new, resumed (--session) and forked (--fork) sessions, extra arguments first, the prompt last", () => {
    assert.deepEqual(launch({ kind: "new" }), ["pi"]);
    assert.deepEqual(launch({ kind: "new" }, "say hello", ["--model", "fake/m"]), ["pi", "--model", "fake/m", "say hello"]);
    assert.deepEqual(launch({ kind: "resume", id: "01a2349b-3868" }), ["pi", "--session", "01a2349b-3868"]);
    assert.deepEqual(launch({ kind: "fork", id: "01a2349b-3868" }, "go on"), ["pi", "--fork", "01a2349b-3868", "go on"]);
    assert.deepEqual(pi.launch({ mode: { kind: "new" }, program: "pi", args: [] }).env, {});
  });

  it("a prompt Pi would read as a flag or an @file gets a leading space", () => {
    assert.deepEqual(piPromptArg("-v please"), [" -v please"]);
    assert.deepEqual(piPromptArg("@README.md summarise"), [" @README.md summarise"]);
    assert.deepEqual(piPromptArg("say -v"), ["say -v"]);
    assert.deepEqual(piPromptArg(""), []);
    assert.deepEqual(piPromptArg(undefined), []);
  });

  it("prepares a session by loading the extension first and naming it in the environment; no file is written", () => {
    const context = { stateDir: "/nonexistent/state", cwd: "/w", env: {} };
    assert.deepEqual(pi.prepare?.(["pi", "--session", "x"], context), ["pi", "-e", piExtensionPath(), "--session", "x"]);
    const env = pi.prepareEnv?.(context) ?? {};
    assert.equal(env[EXTENSION_VARIABLE], piExtensionPath());
    assert.match(env[HOOK_VARIABLE] ?? "", /\/shell\/agentmux-hook$/);
  });

  it("is ready at its editor (a line between two rules), not while a dialog replaces it", () => {
    for (const name of ["pi-startup", "pi-idle", "pi-working"]) assert.match(screen(name), pi.readyPattern, name);
    assert.doesNotMatch(screen("pi-permission"), pi.readyPattern);
  });

  it("declares its hooks, outside config and runner, and no fork-less error: every mode launches", () => {
    assert.ok(pi.hooks);
    assert.ok(pi.outsideConfig);
    assert.ok(pi.runner);
    assert.equal(pi.takesPrompt, true);
  });
});
