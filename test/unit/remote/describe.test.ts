import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { describeRemote, pairingLines } from "../../../src/remote/describe.ts";

describe("what remote start, status and pair print", () => {
  it("serving: the address to open, what tailscale says, the networks and the devices", () => {
    const lines = describeRemote({ running: true, listen: "0.0.0.0", port: 8787, url: "http://100.64.1.2:8787/", tailscale: { kind: "ok", ip: "100.64.1.2" }, allowedNetworks: ["100.64.0.0/10"], devices: 1, clients: 0 });
    assert.deepEqual(lines, [
      "serving the phone page on 0.0.0.0:8787",
      "open http://100.64.1.2:8787/ on the phone",
      "tailscale: connected (100.64.1.2)",
      "allowed networks: 100.64.0.0/10; 1 paired device(s), 0 connected",
    ]);
  });

  it("tailscale missing or down is said, and that requests are refused until the address is known", () => {
    const lines = describeRemote({ running: true, listen: "0.0.0.0", port: 8787, url: null, tailscale: { kind: "missing", detail: "the tailscale command is not installed" }, allowedNetworks: [] });
    assert.ok(lines.some((l) => l.includes("refused (421)")), lines.join("\n"));
    assert.ok(lines.includes("tailscale: the tailscale command is not installed"));
    assert.ok(describeRemote({ running: false, tailscale: { kind: "down", detail: "tailscale is not connected" } }).includes("tailscale: tailscale is not connected"));
  });

  it("pair: the code and the address with #pair=, a QR code only for a terminal", () => {
    const plain = pairingLines("ABCD-EFGH", Date.now() + 600_000, "http://100.64.1.2:8787/", false);
    assert.equal(plain[0], "pairing code: ABCD-EFGH   (one use, valid 10 minutes)");
    assert.equal(plain[1], "on the phone open http://100.64.1.2:8787/#pair=ABCD-EFGH");
    const tty = pairingLines("ABCD-EFGH", Date.now() + 600_000, "http://100.64.1.2:8787/", true);
    assert.ok(tty.length > plain.length + 10 && tty[0]!.includes("\x1b[30;107m"));
    assert.match(pairingLines("ABCD-EFGH", Date.now() + 600_000, null, true)[1]!, /not known yet/);
  });
});
