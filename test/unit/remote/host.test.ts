import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { hostMatches, HostResolver, pageOrigin, type TailscaleState } from "../../../src/remote/host.ts";

describe("the Host check", () => {
  it("the Host header must name the host and the port", () => {
    assert.equal(hostMatches("100.101.1.2:8787", "100.101.1.2", 8787), true);
    assert.equal(hostMatches("MY-BOX.tail1234.ts.net:8787", "my-box.tail1234.ts.net", 8787), true);
    assert.equal(hostMatches("100.101.1.2", "100.101.1.2", 8787), false);
    assert.equal(hostMatches("100.101.1.2:80", "100.101.1.2", 8787), false);
    assert.equal(hostMatches("evil.example:8787", "100.101.1.2", 8787), false);
    assert.equal(hostMatches(undefined, "100.101.1.2", 8787), false);
    assert.equal(hostMatches("[fd7a::1]:8787", "fd7a::1", 8787), true);
    assert.equal(pageOrigin("100.101.1.2", 8787), "http://100.101.1.2:8787");
  });

  it("without remote.host: tailscale is asked at the first request; until it answers every request is refused, saying why", async () => {
    let asked = 0;
    let state: TailscaleState = { kind: "missing", detail: "the tailscale command is not installed" };
    const resolver = new HostResolver(null, () => { asked++; return Promise.resolve(state); });
    assert.equal(asked, 0, "nothing asked before a request");
    const first = await resolver.expected(10_000);
    assert.ok("error" in first && first.error.includes("not installed"), JSON.stringify(first));
    assert.equal(asked, 1);
    // Asked again only after a while; then tailscale is connected.
    state = { kind: "ok", ip: "100.101.1.2" };
    await resolver.expected(10_001 + 0);
    assert.equal(asked, 1, "not asked again at once");
    const later = await resolver.expected(Date.now() + 6000);
    assert.deepEqual(later, { host: "100.101.1.2" });
    assert.deepEqual(resolver.describe().tailscale, state);
  });

  it("a disconnected tailscale is said so in the refusal", async () => {
    const resolver = new HostResolver(null, () => Promise.resolve({ kind: "down", detail: "tailscale is not connected (Tailscale is stopped.)" }));
    const answer = await resolver.expected();
    assert.ok("error" in answer && answer.error.includes("not connected"), JSON.stringify(answer));
  });

  it("remote.host is used as it is, tailscale never asked", async () => {
    const resolver = new HostResolver("127.0.0.2", () => { throw new Error("asked"); });
    assert.deepEqual(await resolver.expected(), { host: "127.0.0.2" });
  });
});
