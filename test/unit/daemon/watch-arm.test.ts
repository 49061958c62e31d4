import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { armWatcher } from "../../../src/daemon/watch-arm.ts";
import type { OptionScope } from "../../../src/tmux/options.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";
import { isAgentmuxError } from "../../../src/util/errors.ts";

/** Pane options and the commands run; arming with patterns starts a daemon (test/integration covers it). */
class FakeTmux {
  readonly options = new Map<string, string>();
  readonly calls: string[] = [];
  private key(scope: OptionScope, name: string): string { return `${typeof scope === "object" && "pane" in scope ? scope.pane : "g"} ${name}`; }
  async getOption(scope: OptionScope, name: string): Promise<string> { return this.options.get(this.key(scope, name)) ?? ""; }
  async setOption(scope: OptionScope, name: string, value: string): Promise<void> { this.calls.push(`set ${this.key(scope, name)}=${value}`); this.options.set(this.key(scope, name), value); }
  async unsetOption(scope: OptionScope, name: string): Promise<void> { this.calls.push(`unset ${this.key(scope, name)}`); this.options.delete(this.key(scope, name)); }
  async run(argv: string[]): Promise<string> { this.calls.push(argv.join(" ")); return ""; }
}

describe("arming a pane's pattern watchers", () => {
  it("a pattern of more than one line is refused with a hint, and nothing is set", async () => {
    const tmux = new FakeTmux();
    await assert.rejects(armWatcher(tmux as unknown as Tmux, "%12", "ERROR\npanic"), (error: unknown) => {
      assert.ok(isAgentmuxError(error));
      assert.equal(error.message, "a watch pattern is one line");
      assert.equal(error.hint, "use | for alternatives");
      return true;
    });
    assert.deepEqual(tmux.calls, []);
  });

  it("an empty pattern disarms the pane's own watcher and stops the pipe when the project has none", async () => {
    const tmux = new FakeTmux();
    tmux.options.set("%12 @agentmux-watch", "ERROR|panic");
    await armWatcher(tmux as unknown as Tmux, "%12", "");
    assert.deepEqual(tmux.calls, ["unset %12 @agentmux-watch", "pipe-pane -t %12"]);
  });

  it("re-arming a pane without any pattern stops its pipe", async () => {
    const tmux = new FakeTmux();
    await armWatcher(tmux as unknown as Tmux, "%13", undefined);
    assert.deepEqual(tmux.calls, ["pipe-pane -t %13"]);
  });
});
