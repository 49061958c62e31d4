import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HostLink } from "../../../src/hosts/link.ts";
import type { HostSnapshot } from "../../../src/hosts/snapshot.ts";

describe("a host's link", () => {
  it("a feed is news; that the host is alive only moves the time of its data (nothing else looks again)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-link-"));
    try {
      const ssh = join(dir, "ssh");
      const feed = JSON.stringify({ type: "feed", now: 1, sessions: [{ pane: "%3", name: "x", backend: "claude", state: "waiting" }], inbox: [] });
      writeFileSync(ssh, `#!/bin/sh\necho '{"type":"hello","protocol":1,"version":"9"}'\necho '${feed}'\nfor i in 1 2 3; do sleep 0.05; echo '{"type":"alive","now":2}'; done\nexec sleep 5\n`);
      chmodSync(ssh, 0o755);
      const updates: Array<{ news: boolean; reachable: boolean; sessions: number; at: number | null }> = [];
      let resolve = () => undefined as void;
      const done = new Promise<void>((r) => { resolve = r; });
      const link = new HostLink({ name: "far", ssh: "far" }, {
        dir, ssh, env: process.env, log: () => undefined,
        update: (s: HostSnapshot, news: boolean) => { updates.push({ news, reachable: s.reachable, sessions: s.sessions.length, at: s.lastDataAt }); if (updates.length === 5) resolve(); },
      });
      link.start();
      await done;
      link.stop();
      assert.deepEqual(updates.map((u) => [u.news, u.reachable, u.sessions]), [[true, false, 0], [true, true, 1], [false, true, 1], [false, true, 1], [false, true, 1]]);
      assert.ok((updates[4]?.at ?? 0) >= (updates[1]?.at ?? Infinity), "the data's time moves on");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
