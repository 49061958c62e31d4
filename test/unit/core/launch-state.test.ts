import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { claude } from "../../../src/backends/claude/index.ts";
import { codex } from "../../../src/backends/codex/index.ts";
import { formatLaunchState, launchStateFromPayload, parseLaunchState, updateLaunchState } from "../../../src/core/launch-state.ts";

describe("launch state: what restart and restore hand back to the CLI", () => {
  it("reads hook payloads: a string model and permission_mode, nothing else", () => {
    assert.deepEqual(launchStateFromPayload({ model: "gpt-5.1-codex", permission_mode: "bypassPermissions" }), { model: "gpt-5.1-codex", permissionMode: "bypassPermissions" });
    assert.deepEqual(launchStateFromPayload({ model: { id: "x" }, permission_mode: "" }), { model: undefined, permissionMode: undefined });
  });
  it("an update that changes nothing answers the same object; a change answers a new one", () => {
    const state = { model: "m", permissionMode: "default" };
    assert.equal(updateLaunchState(state, { model: "m" }), state);
    assert.equal(updateLaunchState(state, { model: undefined, permissionMode: undefined }), state);
    assert.deepEqual(updateLaunchState(state, { permissionMode: "plan" }), { model: "m", permissionMode: "plan" });
  });
  it("round-trips through the pane option; unreadable text is no state", () => {
    assert.deepEqual(parseLaunchState(formatLaunchState({ model: "m", permissionMode: "plan" })), { model: "m", permissionMode: "plan" });
    assert.equal(formatLaunchState({}), "");
    for (const bad of ["", "{", "[1]", '{"model":3}']) assert.deepEqual(parseLaunchState(bad), {}, bad);
  });
  const rows: Array<[string, typeof claude, { model?: string; permissionMode?: string }, string[]]> = [
    ["claude: model and a mode", claude, { model: "claude-opus-4-8[1m]", permissionMode: "plan" }, ["--model", "claude-opus-4-8[1m]", "--permission-mode", "plan"]],
    ["claude: the default mode is not repeated", claude, { model: "m", permissionMode: "default" }, ["--model", "m"]],
    ["claude: nothing known", claude, {}, []],
    ["codex: model and bypass", codex, { model: "gpt-5.1-codex", permissionMode: "bypassPermissions" }, ["--model", "gpt-5.1-codex", "--dangerously-bypass-approvals-and-sandbox"]],
    ["codex: default mode", codex, { permissionMode: "default" }, []],
  ];
  for (const [name, backend, state, args] of rows) {
    it(name, () => assert.deepEqual(backend.resumeArgs?.(state), args));
  }
  it("resume argv: the state's arguments come before Codex's session id", () => {
    const spec = codex.launch({ mode: { kind: "resume", id: "ID" }, program: "codex", args: codex.resumeArgs?.({ model: "m" }) ?? [] });
    assert.deepEqual(spec.argv, ["codex", "resume", "--model", "m", "ID"]);
  });
});
