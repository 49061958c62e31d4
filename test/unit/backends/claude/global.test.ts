import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { addGlobalSettings, removeGlobalSettings } from "../../../../src/backends/claude/global.ts";
import { HOOK_EVENTS } from "../../../../src/backends/claude/hooks.ts";

const SCRIPTS = { hook: "/opt/agent mux/shell/agentmux-hook", statusLine: "/opt/agent mux/shell/agentmux-statusline" };
const HOOK = "'/opt/agent mux/shell/agentmux-hook'";
const STATUS = "'/opt/agent mux/shell/agentmux-statusline'";
const group = (command: string) => ({ hooks: [{ type: "command", command }] });

describe("global settings", () => {
  const user = { model: "opus", hooks: { Stop: [group("notify")], PreCompact: [group("save")] }, statusLine: { type: "command", command: "mine" } };

  it("adds our hooks after the user's, once, and keeps the user's status line", () => {
    const once = addGlobalSettings(user, SCRIPTS);
    assert.equal(once.statusLine, "kept");
    const hooks = once.settings["hooks"] as Record<string, Array<{ hooks: Array<{ command: string }> }>>;
    assert.deepEqual(hooks["Stop"]?.map((g) => g.hooks[0]?.command), ["notify", `${HOOK} --global Stop`]);
    assert.deepEqual(addGlobalSettings(once.settings, SCRIPTS).settings, once.settings);
    assert.deepEqual(removeGlobalSettings(once.settings), { settings: user, hooks: HOOK_EVENTS.length, statusLine: "none" });
  });

  it("replaces copies from another checkout and refreshes our status line", () => {
    const old = { hooks: { Stop: [{ hooks: [{ type: "command", command: "/old/shell/agentmux-hook --global Stop" }, { type: "command", command: "notify" }] }] }, statusLine: { type: "command", command: "/old/agentmux-statusline" } };
    const added = addGlobalSettings(old, SCRIPTS);
    assert.equal(added.statusLine, "refreshed");
    assert.deepEqual(added.settings["statusLine"], { type: "command", command: STATUS });
    assert.deepEqual((added.settings["hooks"] as Record<string, unknown[]>)["Stop"], [group("notify"), { hooks: [{ type: "command", command: `${HOOK} --global Stop`, timeout: 10 }] }]);
    assert.deepEqual(removeGlobalSettings(added.settings), { settings: { hooks: { Stop: [group("notify")] } }, hooks: HOOK_EVENTS.length, statusLine: "removed" });
  });

  it("restores a chained status line to the user's command", () => {
    const chained = { statusLine: { type: "command", command: `AGENTMUX_STATUSLINE_CHAIN='mine' ${STATUS}`, padding: 1 } };
    assert.deepEqual(removeGlobalSettings(chained), { settings: { statusLine: { type: "command", command: "mine", padding: 1 } }, hooks: 0, statusLine: "unchained" });
  });
});
