import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { once } from "node:events";
import { readRegistry, recordServer, type RestoreEntry } from "../../src/session/restore-registry.ts";

const MODULE = resolve(import.meta.dirname, "..", "..", "src", "session", "restore-registry.ts");
describe("the restore registry has one writer at a time", () => {
  const entry = (id: string): RestoreEntry => ({ backend: "claude", account: "", dir: "/w", instance: "", id, label: "", group: "", started: null });

  it("restore taking out what it restored, while the daemon records, loses neither update", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "agentmux-registry-lock-")), "registry.json");
    recordServer(file, { socket: "/s", server: "1:1", sessions: [entry("old-a"), entry("old-b")] });
    // Another process (restore) changes the registry slowly, inside the lock.
    const code = `
      import { updateRegistry, afterRestore } from ${JSON.stringify(MODULE)};
      updateRegistry(${JSON.stringify(file)}, (registry) => {
        process.stdout.write("inside\\n");
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600);
        return afterRestore(registry, "/s", "1:1", ["old-a"], new Map());
      });`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((done) => child.stdout.on("data", (d: Buffer) => { if (String(d).includes("inside")) done(); }));
    // The daemon records the server running now, meanwhile.
    assert.equal(recordServer(file, { socket: "/s", server: "2:2", sessions: [entry("new")] }), true);
    const [exitCode] = await once(child, "exit") as [number];
    assert.equal(exitCode, 0);
    const servers = readRegistry(file).servers.map((s) => `${s.server}: ${s.sessions.map((e) => e.id).join(" ")}`).sort();
    assert.deepEqual(servers, ["1:1: old-b", "2:2: new"]);
  });
});
