import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { hostNamed, hostTarget } from "../../../src/hosts/address.ts";
import type { AgentmuxError } from "../../../src/util/errors.ts";

const hosts = [{ name: "far", ssh: "far.example" }, { name: "gpu", ssh: "gpu" }];

describe("a host target", () => {
  it("HOST:TARGET names a configured host's session; anything else is a local target", () => {
    assert.deepEqual(hostTarget("far:%12", hosts), { host: hosts[0], target: "%12" });
    assert.deepEqual(hostTarget("gpu:my build: two", hosts), { host: hosts[1], target: "my build: two" });
    assert.equal(hostTarget("other:%1", hosts), null, "no host of that name: a local name with a colon");
    assert.equal(hostTarget(":%1", hosts), null);
    assert.equal(hostTarget("%12", hosts), null);
    assert.deepEqual(hostTarget("far:", hosts), { host: hosts[0], target: "" });
    assert.equal(hostNamed(hosts, "gpu"), hosts[1]);
    assert.throws(() => hostNamed(hosts, "nope"), (e: AgentmuxError) => /no host named "nope"/.test(e.message) && /far, gpu/.test(e.hint ?? "") && e.exitCode === 2);
  });
});
