import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CODE_TTL_MS, DeviceStore, cleanDeviceName, sameDigest, sha256 } from "../../../src/remote/devices.ts";

describe("paired devices (the token store)", () => {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-devices-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "remote", "devices.json");

  it("a code is exchanged once for a token; only digests are stored, in a 0600 file", () => {
    const store = new DeviceStore(path);
    const { code, expires } = store.createCode(1000);
    assert.match(code, /^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    assert.equal(expires, 1000 + CODE_TTL_MS);
    const paired = store.redeem(code.toLowerCase().replace("-", " "), "Pixel 8", 2000);
    assert.ok(paired);
    assert.equal(paired.name, "Pixel 8");
    assert.equal(store.verify(paired.token), "Pixel 8");
    assert.equal(store.redeem(code, "again", 3000), null, "a code works once");
    const text = readFileSync(path, "utf8");
    assert.ok(!text.includes(paired.token) && !text.includes(code.replace("-", "")), "neither the token nor the code is stored");
    assert.ok(text.includes(sha256(paired.token)));
    assert.equal(statSync(path).mode & 0o777, 0o600);
  });

  it("an expired code is refused; a wrong token names no device; names are unique and cleaned", () => {
    const store = new DeviceStore(path);
    const { code } = store.createCode(0);
    assert.equal(store.redeem(code, "late", CODE_TTL_MS + 1), null);
    assert.equal(store.verify("wrong"), null);
    assert.equal(store.verify(undefined), null);
    const fresh = store.createCode(Date.now());
    const second = store.redeem(fresh.code, "Pixel 8");
    assert.equal(second?.name, "Pixel 8-2");
    assert.equal(cleanDeviceName("a\u0007b\n"), "ab");
    assert.equal(cleanDeviceName(""), "phone");
    assert.equal(cleanDeviceName(42), "phone");
  });

  it("a revoked device's token stops working at once, even for a store that read the file before", () => {
    const daemonSide = new DeviceStore(path);
    const { code } = daemonSide.createCode(Date.now());
    const paired = daemonSide.redeem(code, "tablet");
    assert.ok(paired);
    assert.equal(daemonSide.verify(paired.token), "tablet");
    const cliSide = new DeviceStore(path);
    assert.equal(cliSide.revoke("tablet"), true);
    assert.equal(cliSide.revoke("tablet"), false);
    assert.equal(daemonSide.verify(paired.token), null);
    assert.ok(!daemonSide.list().some((d) => d.name === "tablet"));
  });

  it("digests are compared whole", () => {
    assert.equal(sameDigest(sha256("a"), sha256("a")), true);
    assert.equal(sameDigest(sha256("a"), sha256("b")), false);
    assert.equal(sameDigest("", ""), false);
    assert.equal(sameDigest(sha256("a"), sha256("a").slice(0, 10)), false);
  });

  it("a watcher hears a revoke written by another process's store (the CLI's), and the token stops being valid", async () => {
    const path2 = join(dir, "watched", "devices.json");
    const daemon = new DeviceStore(path2);
    const cli = new DeviceStore(path2);
    const paired = cli.redeem(cli.createCode().code, "phone");
    assert.ok(paired);
    assert.equal(daemon.verify(paired.token), "phone");
    let stop = () => {};
    const heard = new Promise<void>((resolve) => { stop = daemon.watch(() => { if (daemon.verify(paired.token) === null) resolve(); }); });
    assert.equal(cli.revoke("phone"), true);
    await heard;
    stop();
  });
});
