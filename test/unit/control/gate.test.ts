import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { requireControl } from "../../../src/control/gate.ts";
import { refuseOwn } from "../../../src/control/live.ts";
import type { Config } from "../../../src/config/config.ts";
import type { ControlDeps } from "../../../src/control/deps.ts";
import type { Inside } from "../../../src/session/caller.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";
import { isAgentmuxError } from "../../../src/util/errors.ts";

/** deps whose tmux is never asked (the caller is given), with control.enabled as told. */
const deps = (enabled: boolean): ControlDeps => ({ tmux: {} as Tmux, config: { control: { enabled }, file: "/home/u/.config/agentmux/config.yml" } as unknown as Config });
const inside: Inside = { pane: "%12", by: "its process ancestry" };

async function refusal(promise: Promise<void>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    assert.ok(isAgentmuxError(error));
    return error.oneLine();
  }
}

describe("control gate, as the CLI's verbs and the MCP tools apply it (control/gate.ts)", () => {
  it("from inside a session with control off: refused, naming the verb, the session, how it was known, and the fix", async () => {
    assert.equal(await refusal(requireControl(deps(false), "keys", undefined, Promise.resolve(inside))),
      "keys from inside an agent session (%12, known by its process ancestry) needs the control API, which is off (set \"control: {enabled: true}\" in /home/u/.config/agentmux/config.yml to let agents drive other sessions)");
  });
  it("a claim of the environment is enough to be refused", async () => {
    assert.match(await refusal(requireControl(deps(false), "group-send", undefined, Promise.resolve({ pane: "%13", by: "AGENTMUX_SESSION", claimed: true }))) ?? "", /^group-send from inside an agent session \(%13, known by AGENTMUX_SESSION\)/);
  });
  it("control on, or a caller outside every session: allowed", async () => {
    assert.equal(await refusal(requireControl(deps(true), "keys", undefined, Promise.resolve(inside))), null);
    assert.equal(await refusal(requireControl(deps(false), "keys", undefined, Promise.resolve(null))), null);
  });
});

describe("an agent never acts on its own session (control/live.ts)", () => {
  it("its own pane as the target is refused, with the fix", () => {
    assert.throws(() => refuseOwn({ name: "api", pane: "%12" }, "%12"), (e: unknown) => isAgentmuxError(e) && e.oneLine() === "api (%12) is the caller's own session (name another session; list_sessions (agentmux list) shows them)");
  });
  it("another pane, or no caller, goes on", () => {
    refuseOwn({ name: "api", pane: "%12" }, "%13");
    refuseOwn({ name: "api", pane: "%12" }, null);
  });
});
