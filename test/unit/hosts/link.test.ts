import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HostLink } from "../../../src/hosts/link.ts";
import type { HostSnapshot } from "../../../src/hosts/snapshot.ts";
import type { OutputEvent } from "../../../src/hosts/link-watches.ts";

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

  it("a stream that can take it is asked to say it is alive every 30 s; an older one is asked nothing", { timeout: 20_000 }, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-link-"));
    const links: HostLink[] = [];
    try {
      for (const [name, features] of [["new", '["output","alive-every"]'], ["old", '["output"]']] as const) {
        const ssh = join(dir, `ssh-${name}`);
        // Greets, then records its stdin; a feed after the first stdin line (or after a second without one).
        writeFileSync(ssh, `#!/bin/sh
echo '{"type":"hello","protocol":1,"version":"9","features":${features}}'
(sleep 1; echo '{"type":"feed","now":1,"sessions":[],"inbox":[]}') &
while read -r line; do echo "$line" >> ${dir}/stdin-${name}; echo '{"type":"feed","now":1,"sessions":[],"inbox":[]}'; done
`);
        chmodSync(ssh, 0o755);
        let reachable = () => undefined as void;
        const seen = new Promise<void>((r) => { reachable = r; });
        const link = new HostLink({ name, ssh: name }, { dir, ssh, env: process.env, log: () => undefined, update: (s) => { if (s.reachable) reachable(); } });
        links.push(link);
        link.start();
        await Promise.race([seen, new Promise((_, reject) => t.signal.addEventListener("abort", () => reject(new Error(`${name} never reachable`))))]);
      }
      const recorded = (name: string) => { try { return readFileSync(join(dir, `stdin-${name}`), "utf8"); } catch { return ""; } };
      assert.equal(recorded("new"), '{"type":"alive","every":30000}\n');
      assert.equal(recorded("old"), "", "an older stream is asked nothing (it would drop the line; it says it is alive every 10 s)");
    } finally {
      for (const link of links) link.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a watch goes on the stream's stdin once it greets with the output feature, its output to the watcher, and again after a reconnect; the last watcher gone unwatches", { timeout: 20_000 }, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-link-"));
    let link: HostLink | null = null;
    try {
      const ssh = join(dir, "ssh");
      // Each run numbers itself, records each stdin line, answers a watch with one output line; the first run ends after its watch (the link drops).
      writeFileSync(ssh, `#!/bin/sh
n=$(cat ${dir}/runs 2>/dev/null || echo 0); n=$((n+1)); echo $n > ${dir}/runs
echo '{"type":"hello","protocol":1,"version":"9","features":["output"]}'
while read -r line; do
  echo "$n $line" >> ${dir}/stdin
  case "$line" in *'"watch"'*) echo '{"type":"output","pane":"%3","text":"run '$n'"}';; esac
  [ $n = 1 ] && exit 0
done
`);
      chmodSync(ssh, 0o755);
      const started = new HostLink({ name: "far", ssh: "far" }, { dir, ssh, env: process.env, log: () => undefined, update: () => undefined });
      link = started;
      const got: OutputEvent[] = [];
      let wake = () => undefined as void;
      const stop = started.watch("%3", (e) => { got.push(e); wake(); });
      // Waits on the watcher's events; the test's timeout ends the wait (and the link, in finally).
      const until = (done: () => boolean) => new Promise<void>((resolve, reject) => { t.signal.addEventListener("abort", () => reject(new Error("not seen before the test's timeout"))); wake = () => { if (done()) resolve(); }; wake(); });
      started.start();
      await until(() => got.some((e) => e.type === "output" && e.text === "run 2"));
      assert.deepEqual(got.map((e) => e.type === "unavailable" ? "unavailable" : e), [{ type: "output", text: "run 1" }, "unavailable", { type: "output", text: "run 2" }]);
      stop();
      const recorded = () => { try { return readFileSync(join(dir, "stdin"), "utf8"); } catch { return ""; } };
      while (!recorded().includes("unwatch") && !t.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 20));
      started.stop();
      assert.deepEqual(recorded().trim().split("\n"), ['1 {"type":"watch","pane":"%3"}', '2 {"type":"watch","pane":"%3"}', '2 {"type":"unwatch","pane":"%3"}']);
    } finally {
      link?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a host whose stream names no output feature (an older agentmux): the watcher is told so in words, never left waiting", { timeout: 20_000 }, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-link-"));
    let link: HostLink | null = null;
    try {
      const ssh = join(dir, "ssh");
      writeFileSync(ssh, `#!/bin/sh\necho '{"type":"hello","protocol":1,"version":"0.0.9"}'\nexec sleep 5\n`);
      chmodSync(ssh, 0o755);
      const started = new HostLink({ name: "far", ssh: "far" }, { dir, ssh, env: process.env, log: () => undefined, update: () => undefined });
      link = started;
      const told = new Promise<OutputEvent>((resolve, reject) => { t.signal.addEventListener("abort", () => reject(new Error("not told before the test's timeout"))); started.watch("%3", resolve); });
      started.start();
      assert.deepEqual(await told, { type: "unavailable", why: "far's agentmux (0.0.9) is older: no live output; install the same version on both" });
    } finally {
      link?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
