import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { menuArgs, promptSafe, runShell } from "../../../src/tmux/menu.ts";

describe("tmux commands built for bindings and menus", () => {
  it("menu labels and commands have # doubled; items follow --", () => {
    const args = menuArgs({ title: "a#b", client: "/dev/pts/1", items: [{ kind: "item", label: "x #(rm)", key: "x", command: "display-message '#{pane_id}'" }] });
    assert.deepEqual(args.slice(-4), ["--", "x ##(rm)", "x", "display-message '##{pane_id}'"]);
    assert.ok(args.includes(" a##b "));
  });
  it("run-shell doubles # once more (it expands its command)", () => {
    assert.equal(runShell("echo '#x' \"$HOME\""), `"run-shell" "-b" "echo '##x' \\"\\$HOME\\""`);
  });
  it("a prompt template keeps pane ids whole (%1 would be the answer)", () => {
    assert.equal(promptSafe("agentmux snooze '%12'"), "agentmux snooze '%''12'");
  });
});
