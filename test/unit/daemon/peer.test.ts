import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { peerOf, peerPids } from "../../../src/daemon/peer.ts";

// `ss -xpn` as iproute2 6.1 prints it (a socket path with spaces; two processes holding one end).
const SS = [
  "Netid State Recv-Q Send-Q        Local Address:Port    Peer Address:Port   Process",
  'u_str ESTAB 0      0      /tmp/sp ace/d 1.sock 1443243            * 1443242 users:(("node",pid=22114,fd=5))',
  'u_str ESTAB 0      0                         * 1443242            * 1443243 users:(("python3",pid=22200,fd=4),("sh",pid=22199,fd=4))',
  "u_str ESTAB 0      0                         * 1100             * 1099",
].join("\n");

describe("the peer of a connection to the daemon's socket", () => {
  it("reads the peer's inode and its holders from ss", () => {
    assert.deepEqual(peerPids(SS, 1443243), [22200, 22199]);
    assert.deepEqual(peerPids(SS, 1443242), [22114]);
  });

  it("an inode ss does not list, or a peer without holders, tells nothing", () => {
    assert.equal(peerPids(SS, 42), null);
    assert.equal(peerPids(SS, 1100), null);
  });

  it("names the process that connected (Linux, with ss)", { skip: process.platform !== "linux" }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-peer-"));
    const path = join(dir, "d.sock");
    const server = createServer();
    const accepted = new Promise<Socket>((resolve) => { server.once("connection", resolve); });
    await new Promise<void>((resolve) => server.listen(path, resolve));
    const child = spawn(process.execPath, ["-e", `require("net").connect(${JSON.stringify(path)}); setTimeout(() => {}, 30000)`], { stdio: "ignore" });
    try {
      const socket = await accepted;
      assert.deepEqual(await peerOf(socket), [child.pid]);
    } finally {
      child.kill();
      (await accepted).destroy();
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
