import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseConfig } from "../../../src/config/config.ts";

describe("config: hosts", () => {
  it("reads hosts with their defaults", () => {
    const config = parseConfig("hosts:\n  - name: gpu\n    ssh: me@gpu\n  - name: vm.1\n    ssh: devvm\n    agentmux: ~/bin/agentmux\n    socket: work\n", "c.yml");
    assert.deepEqual(config.hosts, [{ name: "gpu", ssh: "me@gpu" }, { name: "vm.1", ssh: "devvm", agentmux: "~/bin/agentmux", socket: "work" }]);
    assert.deepEqual(parseConfig("", "c.yml").hosts, []);
  });

  it("refuses a name with ':' or twice, a destination that is an ssh option, each at its line", () => {
    const bad = (text: string, pattern: RegExp) => assert.throws(() => parseConfig(text, "c.yml"), (e: Error) => pattern.test(e.message) || assert.fail(e.message));
    bad("hosts:\n  - name: 'a:b'\n    ssh: x\n", /c\.yml:2:\d+: hosts\[0\]\.name: "a:b" is not a plain host name/);
    bad("hosts:\n  - name: a\n    ssh: x\n  - name: a\n    ssh: y\n", /c\.yml:4:\d+: hosts\[1\]\.name: a is named twice/);
    bad("hosts:\n  - name: a\n    ssh: -oProxyCommand=id\n", /hosts\[0\]\.ssh: "-oProxyCommand=id" is not an ssh destination/);
    bad("hosts:\n  - name: a\n", /ssh/);
  });
});
