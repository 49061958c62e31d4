import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { addressValue, inNetwork, inNetworks, parseNetwork } from "../../../src/remote/cidr.ts";

describe("allowed networks (CIDR)", () => {
  it("matches IPv4 addresses inside a prefix, and not those outside", () => {
    const tailnet = parseNetwork("100.64.0.0/10");
    assert.equal(inNetwork("100.64.0.1", tailnet), true);
    assert.equal(inNetwork("100.127.255.254", tailnet), true);
    assert.equal(inNetwork("100.128.0.1", tailnet), false);
    assert.equal(inNetwork("100.63.255.255", tailnet), false);
    assert.equal(inNetwork("192.168.1.10", tailnet), false);
  });

  it("an IPv4-mapped IPv6 peer is its IPv4 address", () => {
    const one = parseNetwork("127.0.0.2/32");
    assert.equal(inNetwork("::ffff:127.0.0.2", one), true);
    assert.equal(inNetwork("::FFFF:127.0.0.1", one), false);
    assert.deepEqual(addressValue("::ffff:7f00:2"), addressValue("127.0.0.2"));
  });

  it("a bare address is a /32; a host part is masked off; IPv6 prefixes match IPv6 only", () => {
    assert.equal(parseNetwork("10.1.2.3").prefix, 32);
    assert.equal(inNetwork("10.1.2.200", parseNetwork("10.1.2.3/24")), true);
    const v6 = parseNetwork("fd7a:115c:a1e0::/48");
    assert.equal(inNetwork("fd7a:115c:a1e0:ab12::1", v6), true);
    assert.equal(inNetwork("fd7a:115c:a1e1::1", v6), false);
    assert.equal(inNetwork("100.64.0.1", v6), false);
    assert.equal(inNetwork("::1", parseNetwork("::1/128")), true);
  });

  it("refuses what is no network, naming it", () => {
    for (const bad of ["100.64.0.0/33", "300.1.1.1/8", "tailnet", "10.0.0.0/8/1", "10.0.0.0/x", ""]) {
      assert.throws(() => parseNetwork(bad), (e: Error) => e.message.includes(`"${bad}"`), bad);
    }
  });

  it("no address (an unknown peer) is never inside", () => {
    assert.equal(inNetworks(undefined, [parseNetwork("0.0.0.0/0")]), false);
    assert.equal(inNetworks("not an address", [parseNetwork("0.0.0.0/0")]), false);
    assert.equal(inNetworks("8.8.8.8", [parseNetwork("0.0.0.0/0")]), true);
  });
});
