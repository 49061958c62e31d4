import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { paneOption } from "../helpers/agentmux-session.ts";
import { makeFifo } from "../helpers/fifo.ts";

const FILE = "sessions:\n  - name: web\n    watch:\n      - pattern: 'FATAL'\n";
const echo = `sh -c 'while read l; do echo "$l"; done'`;

describe("a repository's .agentmux.yml takes effect only once the user allowed it", () => {
  const server = new TestServer();
  const dir = join(server.home, "repo it's #1 %s ü");
  const state = join(server.home, "state");
  let n = 0;
  const start = async () => {
    const r = await server.cli(["new", "--command", echo, "--dir", dir, "--instance", "web", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    return { pane, stderr: String(r.stderr), watch: await paneOption(server, pane, "@agentmux-watch-project"), n: ++n };
  };
  before(async () => {
    await server.start();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, ".agentmux.yml"), FILE);
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("a file never allowed arms nothing and says so once, with the command that allows it", async () => {
    const first = await start();
    assert.equal(first.watch, "", "no watcher from an unallowed file");
    const quoted = `'${dir.replaceAll("'", "'\\''")}'`;
    assert.equal(first.stderr, `agentmux: ${join(dir, ".agentmux.yml")} is not allowed yet: its watchers and settings are ignored (review it, then run: agentmux allow ${quoted})`);
    const second = await start();
    assert.equal(second.watch, "");
    assert.equal(second.stderr, "", "said once for this content");
  });

  it("allow records the file's content; its watchers then take effect", async () => {
    const r = await server.cli(["allow", dir]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /^allowed .*\.agentmux\.yml \(sha256 [0-9a-f]{12}…: 1 session\(s\), 1 watch\(es\)\); a changed file asks again$/);
    const store = join(state, "allowed-projects.json");
    assert.equal(statSync(store).mode & 0o777, 0o600);
    const started = await start();
    assert.equal(started.watch, "FATAL");
    assert.equal(started.stderr, "");
  });

  it("a changed file asks again and takes no effect until allowed again", async () => {
    writeFileSync(join(dir, ".agentmux.yml"), FILE.replace("FATAL", "PWNED"));
    const changed = await start();
    assert.equal(changed.watch, "", "the changed content is not in force, nor the old one");
    assert.match(changed.stderr, /\.agentmux\.yml changed since you allowed it: its watchers and settings are ignored \(review it, then run: agentmux allow /);
    assert.equal((await start()).stderr, "", "once per content");
    assert.equal((await server.cli(["allow", dir])).exitCode, 0);
    assert.equal((await start()).watch, "PWNED");
  });

  it("allow --revoke takes it back; allow with no file names the directory", async () => {
    const r = await server.cli(["allow", "--revoke", dir]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /^revoked .*: it takes no effect until allowed again$/);
    const after = await start();
    assert.equal(after.watch, "");
    assert.match(after.stderr, /is not allowed yet/);
    mkdirSync(join(server.home, "nothing here"));
    const none = await server.cli(["allow", join(server.home, "nothing here")]);
    assert.notEqual(none.exitCode, 0);
    assert.equal(String(none.stderr), `agentmux: there is no .agentmux.yml in ${join(server.home, "nothing here")} (name the directory that holds it: agentmux allow DIR)`);
  });

  it("allow without DIR takes the current directory", async () => {
    writeFileSync(join(server.work, ".agentmux.yml"), FILE);
    const r = await server.cli(["allow"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), new RegExp(`^allowed ${server.work.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/\\.agentmux\\.yml`));
  });

  it("a corrupt allow list is kept aside and reported, and allows nothing", async () => {
    assert.equal((await server.cli(["allow", dir])).exitCode, 0);
    writeFileSync(join(state, "allowed-projects.json"), "{\"allowed\": {half");
    const started = await start();
    assert.equal(started.watch, "");
    assert.match(started.stderr, /allowed-projects\.json was not a list of allowed project files; kept it as .*allowed-projects\.json\.agentmux-backup-\d{8}-\d{6} /);
    const kept = readdirSync(state).find((f) => f.startsWith("allowed-projects.json.agentmux-backup-"));
    assert.ok(kept);
    assert.equal(readFileSync(join(state, kept), "utf8"), "{\"allowed\": {half", "every byte kept");
    assert.ok(existsSync(join(state, "allowed-projects.json")), "a fresh list took its place");
  });

  it("a .agentmux.yml that is a FIFO or a link to /dev/zero: new starts the session without it and says why at once; allow refuses it", async () => {
    for (const [name, make, what] of [
      ["fifo repo", (file: string) => makeFifo(file), "a FIFO"],
      ["zero repo", (file: string) => { symlinkSync("/dev/zero", file); }, "a character device"],
    ] as const) {
      const repo = join(server.home, name);
      mkdirSync(repo);
      const file = join(repo, ".agentmux.yml");
      const stop = make(file);
      try {
        const r = await server.cli(["new", "--command", echo, "--dir", repo, "--instance", "web", "--detached"], { guarded: true });
        assert.equal(r.timedOut, false, `${name}: agentmux new hung`);
        assert.equal(r.exitCode, 0, `${name}: ${String(r.stderr)}`);
        assert.equal(String(r.stderr), `agentmux: ${file} is ${what}, not a regular file: its watchers and settings are ignored (agentmux reads only a regular file here, or a symlink to one: replace it with a regular file, or remove it)`);
        assert.equal(await paneOption(server, String(r.stdout).trim(), "@agentmux-watch-project"), "");
        const allow = await server.cli(["allow", repo], { guarded: true });
        assert.equal(allow.timedOut, false, `${name}: agentmux allow hung`);
        assert.notEqual(allow.exitCode, 0);
        assert.equal(String(allow.stderr), `agentmux: ${file} is ${what}, not a regular file (agentmux reads only a regular file here, or a symlink to one: replace it with a regular file, or remove it)`);
      } finally {
        stop?.();
      }
    }
  });
});
