import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { writeConfig } from "../helpers/config.ts";
import { ROOT, TestServer } from "../helpers/tmux-server.ts";
import { paneOption } from "../helpers/agentmux-session.ts";

describe("pattern watchers", () => {
  const server = new TestServer();
  const out = join(server.home, "notified.txt");
  const notified = () => (existsSync(out) ? readFileSync(out, "utf8").trim().split("\n").filter(Boolean) : []);
  // The daemon's event journal: a match is written there once the daemon has handled it.
  const journalFile = join(server.home, "events.jsonl");
  server.env["AGENTMUX_EVENT_LOG"] = journalFile;
  const handled = (pane: string) => (existsSync(journalFile) ? readFileSync(journalFile, "utf8") : "").split("\n").filter(Boolean)
    .map((l) => JSON.parse(l) as { pane?: string; event?: string }).filter((e) => e.pane === pane && e.event === "watch-match").length;
  before(async () => {
    await server.start();
    writeConfig(server.home, { notify: { command: `cat >> ${out}` } });
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("a matching line is told at once and the rest of its 3 s in one more; escape codes are stripped; an empty pattern disarms", async () => {
    // Prints each line it reads in red: the watcher sees the escape codes and strips them.
    const echo = `sh -c 'while read l; do printf "\\033[31m%s\\033[0m\\n" "$l"; done'`;
    const pane = String((await server.cli(["new", "--command", echo, "--dir", server.work, "--instance", "api", "--detached"])).stdout).trim();
    const armed = await server.cli(["watch", "api", "ERR!"]);
    assert.equal(armed.exitCode, 0, String(armed.stderr));
    assert.equal(String(armed.stdout), "watching work:api for /ERR!/");
    assert.equal(await paneOption(server, pane, "@agentmux-watch"), "ERR!");
    await server.tmux(["send-keys", "-t", pane, "all good", "Enter"]);
    await server.tmux(["send-keys", "-t", pane, "ERR! disk full", "Enter"]);
    for (let i = 0; i < 5; i++) await server.tmux(["send-keys", "-t", pane, `ERR! again ${i}`, "Enter"]);
    await server.waitFor("a notification", () => notified().length > 0);
    // Every one of the six matches handled, not only the first.
    await server.waitFor("every match handled", () => handled(pane) >= 6);
    // The terminal echoes each line before the program prints it: the first match is told at once,
    // the rest of the burst once its 3 s end, with its last line (the program's, not the echo).
    await server.waitFor("the burst's summary", () => /the last: ERR! again 4$/.test(notified().at(-1) ?? ""));
    const told = notified();
    assert.equal(told[0], "work:api matched /ERR!/: ERR! disk full");
    assert.ok(told.slice(1).every((n) => /^work:api matched \/ERR!\/ \d+ more times?, the last: ERR! /.test(n)), told.join("\n"));
    const off = await server.cli(["watch", "api", ""]);
    assert.equal(String(off.stdout), "stopped watching work:api");
    // Past the 3 s between a pane's notifications, so that only the disarming can keep the next match quiet.
    await new Promise((r) => setTimeout(r, 3100));
    const watcherOf = async () => String((await execa("ps", ["-eo", "args"])).stdout).split("\n").some((l) => l.includes("agentmux-watch ") && l.includes(`/watch/${pane}.re`));
    await server.waitFor("the watcher process to end", async () => !(await watcherOf()));
    const taken = handled(pane);
    await server.tmux(["send-keys", "-t", pane, "ERR! after disarming", "Enter"]);
    await server.waitForScreen(pane, /ERR! after disarming\s*\n[\s\S]*ERR! after disarming/);
    // The line was printed with no watcher left to spool it: nothing handled, nothing notified.
    assert.equal(handled(pane), taken);
    assert.equal(notified().length, told.length);
  });

  it("shell/agentmux-watch strips escape codes and spools one event per matching line", async () => {
    const spool = mkdtempSync(join(tmpdir(), "agentmux-watch-"));
    const patterns = join(mkdtempSync(join(tmpdir(), "agentmux-watch-re-")), "%9.re");
    writeFileSync(patterns, "ERR!\n");
    await execa(join(ROOT, "shell", "agentmux-watch"), ["%9", spool, patterns], { input: "ok\n\x1b[31mERR! red\x1b[0m\r\nfine\n\x1b]0;title\x07ERR! \"quoted\"\n" });
    const files = readdirSync(spool).sort();
    assert.equal(files.length, 2);
    const bodies = files.map((f) => readFileSync(join(spool, f), "utf8"));
    assert.deepEqual(bodies.map((b) => JSON.parse(b.split("\n")[1] ?? "{}").line).sort(), ["ERR! \"quoted\"", "ERR! red"]);
    assert.ok(bodies.every((b) => b.startsWith("agentmux1 watch-match %9 - watch\n")));
  });

  it("a project file's watchers are armed when the session starts, beside the one set by hand", async () => {
    const dir = join(server.home, "proj");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, ".agentmux.yml"), "sessions:\n  - name: web\n    watch:\n      - pattern: 'FATAL'\n        notify: true\n      - pattern: 'quiet'\n        notify: false\n");
    assert.equal((await server.cli(["allow", dir])).exitCode, 0, "a project file takes effect once allowed");
    const echo = `sh -c 'while read l; do echo "$l"; done'`;
    const pane = String((await server.cli(["new", "--command", echo, "--dir", dir, "--instance", "web", "--detached"])).stdout).trim();
    assert.equal(await paneOption(server, pane, "@agentmux-watch-project"), "FATAL");
    await server.cli(["watch", "web", "ERR!"]);
    const before = notified().length;
    await server.tmux(["send-keys", "-t", pane, "FATAL: out of memory", "Enter"]);
    await server.tmux(["send-keys", "-t", pane, "ERR! also", "Enter"]);
    await server.tmux(["send-keys", "-t", pane, "quiet please", "Enter"]);
    await server.waitFor("two notifications, one per pattern", () => notified().length >= before + 2);
    // The daemon took all three matches (the quiet pattern's too): whatever it notifies, it has.
    await server.waitFor("three matches handled", () => handled(pane) >= 3);
    const mine = notified().slice(before);
    assert.deepEqual(mine.sort(), ["proj:web matched /ERR!/: ERR! also", "proj:web matched /FATAL/: FATAL: out of memory"]);
    writeFileSync(join(dir, ".agentmux.yml"), "sessions: {broken\n");
    const bad = await server.cli(["allow", dir]);
    assert.notEqual(bad.exitCode, 0);
    assert.match(String(bad.stderr), /\.agentmux\.yml: not valid YAML/);
  });
});
