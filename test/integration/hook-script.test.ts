import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, chownSync, closeSync, constants, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { ROOT } from "../helpers/tmux-server.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");

/** The hook forwarder alone, with no daemon: it must always exit 0 at once and never lose an event it could write. */
describe("shell/agentmux-hook", () => {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-hook-"));
  const sock = join(dir, "daemon.sock");
  const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", AGENTMUX_SESSION: "%7", AGENTMUX_TOKEN: "tok", AGENTMUX_TOKEN_HASH: "tokhash", AGENTMUX_SOCK: sock };
  // No input means stdin is /dev/null (agent CLIs close the hook's stdin after the payload).
  const run = (args: string[], input: string | undefined, extra: Record<string, string> = {}) =>
    execa(HOOK, args, { ...(input === undefined ? { stdin: "ignore" as const } : { input }), env: { ...env, ...extra }, extendEnv: false, reject: false, timeout: 5000 });
  const listed = () => { try { return readdirSync(join(dir, "spool")); } catch { return []; } };
  // The payload is read behind the hook's back: wait until no file is still being written.
  const settle = async () => { for (let i = 0; i < 200 && listed().some((f) => f.endsWith(".tmp")); i++) await new Promise((r) => setTimeout(r, 25)); };
  const spooled = () => listed().filter((f) => f.endsWith(".evt"));
  before(() => mkdirSync(join(dir, "mirror"), { recursive: true }));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("spools the event with a header and the payload, daemon or not", async () => {
    const r = await run(["Stop"], '{"session_id":"abc"}');
    assert.equal(r.exitCode, 0);
    await settle();
    const files = spooled();
    assert.equal(files.length, 1);
    assert.match(files[0] ?? "", /^%7\.\d+\.Stop\.evt$/);
    assert.equal(readFileSync(join(dir, "spool", files[0] ?? ""), "utf8"), 'agentmux1 Stop %7 tok 0\n{"session_id":"abc"}');
    rmSync(join(dir, "spool"), { recursive: true });
  });

  it("exits 0 with garbage, empty or no stdin", async () => {
    for (const input of ["\x00\xff not json {{{", "", undefined]) {
      const r = await run(["PostToolUse"], input);
      assert.equal(r.exitCode, 0);
      assert.equal(r.stdout + r.stderr, "");
    }
    await settle();
    assert.equal(spooled().length, 3);
    rmSync(join(dir, "spool"), { recursive: true });
  });

  it("exits 0 silently when the spool cannot be written", async () => {
    mkdirSync(join(dir, "spool"));
    chmodSync(join(dir, "spool"), 0o500);
    const asRoot = process.getuid?.() === 0;
    const r = await run(["Stop"], "{}");
    assert.equal(r.exitCode, 0);
    assert.equal(r.stdout + r.stderr, "");
    chmodSync(join(dir, "spool"), 0o700);
    await settle();
    if (!asRoot) assert.equal(listed().length, 0);
    rmSync(join(dir, "spool"), { recursive: true });
    // A spool path that is a file, not a directory, fails for root too.
    writeFileSync(join(dir, "spool"), "x");
    const blocked = await run(["Stop"], "{}");
    assert.equal(blocked.exitCode, 0);
    assert.equal(blocked.stdout + blocked.stderr, "");
    rmSync(join(dir, "spool"));
  });

  it("exits 0 and writes nothing outside a session", async () => {
    const cases: Array<Record<string, string>> = [{ AGENTMUX_SESSION: "", TMUX_PANE: "" }, { AGENTMUX_SOCK: "" }, { AGENTMUX_SESSION: "not-a-pane" }];
    for (const extra of cases) {
      const r = await run(["Stop"], "{}", extra);
      assert.equal(r.exitCode, 0);
    }
    assert.equal(listed().length, 0);
  });

  it("skips tool events of a session the mirror shows working, for its own token only (the mirror names its hash)", async () => {
    writeFileSync(join(dir, "mirror", "%7"), "working tokhash\n");
    await run(["PreToolUse"], "{}");
    await run(["PostToolUse"], "{}");
    assert.equal(listed().length, 0, "dropped: already working");
    await run(["Stop"], "{}");
    await settle();
    assert.equal(spooled().length, 1, "a stop always goes through");
    await run(["PreToolUse"], "{}", { AGENTMUX_TOKEN: "other", AGENTMUX_TOKEN_HASH: "otherhash" });
    await settle();
    assert.equal(spooled().length, 2, "another process's token is not covered by the mirror");
    writeFileSync(join(dir, "mirror", "%7"), "waiting tokhash\n");
    await run(["PostToolUse"], "{}");
    await settle();
    assert.equal(spooled().length, 3, "a tool event while waiting goes through");
    rmSync(join(dir, "spool"), { recursive: true });
  });

  it("--agent NAME names the CLI in the header, for adopting panes agentmux did not start", async () => {
    await run(["--agent", "codex", "Stop"], "{}");
    await settle();
    const [file] = spooled();
    assert.match(readFileSync(join(dir, "spool", file ?? ""), "utf8"), /^agentmux1 Stop %7 tok codex\n/);
    rmSync(join(dir, "spool"), { recursive: true });
  });

  it("--global stands aside for sessions agentmux started", async () => {
    await run(["--global", "Stop"], "{}");
    assert.equal(listed().length, 0);
    await run(["--global", "Stop"], "{}", { AGENTMUX_TOKEN: "", AGENTMUX_SESSION: "", TMUX_PANE: "%9" });
    await settle();
    assert.deepEqual(spooled().map((f) => f.replace(/\.\d+\./, ".N.")), ["%9.N.Stop.evt"]);
    rmSync(join(dir, "spool"), { recursive: true });
  });

  it("shows an event only once complete: a file being written is a dot-name the daemon ignores", async () => {
    const script = join(dir, "slow-writer");
    // The CLI writes part of the payload, stalls, then the rest: nothing is visible until the end.
    writeFileSync(script, "#!/bin/sh\nprintf '{\"session_id\":'; sleep 1.5; printf '\"slow\"}'\n", { mode: 0o755 });
    const writing = execa("sh", ["-c", `"${script}" | "${HOOK}" Stop`], { env, extendEnv: false, reject: false, timeout: 20_000 });
    for (let i = 0; i < 400 && !listed().some((f) => /^\.%7\.\d+\.Stop\.tmp$/.test(f)); i++) await new Promise((r) => setTimeout(r, 5));
    assert.equal(listed().filter((f) => /^\.%7\.\d+\.Stop\.tmp$/.test(f)).length, 1, "being written");
    assert.deepEqual(spooled(), [], "nothing complete yet");
    assert.equal((await writing).exitCode, 0);
    await settle();
    const [file] = spooled();
    assert.equal(readFileSync(join(dir, "spool", file ?? ""), "utf8"), 'agentmux1 Stop %7 tok 0\n{"session_id":"slow"}');
    rmSync(join(dir, "spool"), { recursive: true });
  });

  it("never replaces a file of its name still in the spool (its pid's earlier process, a wrap-around ago): the next free name", async () => {
    // exec keeps the pid: the files this shell leaves are those of an earlier hook with the hook's pid.
    const spool = join(dir, "spool");
    mkdirSync(spool, { recursive: true, mode: 0o700 });
    const script = `printf 'agentmux1 Stop %%7 tok 0\n{"n":"old complete"}' > "${spool}/%7.$$.Stop.evt"
      printf 'agentmux1 Stop %%7 tok 0\n{"n":"old being wr' > "${spool}/.%7.$$_1.Stop.tmp"
      echo $$ > "${dir}/pid"; exec "${HOOK}" Stop`;
    const r = await execa("sh", ["-c", script], { input: '{"n":"new"}', env, extendEnv: false, reject: false, timeout: 5000 });
    assert.equal(r.exitCode, 0);
    const pid = readFileSync(join(dir, "pid"), "utf8").trim();
    for (let i = 0; i < 200 && !listed().includes(`%7.${pid}_2.Stop.evt`); i++) await new Promise((r) => setTimeout(r, 25));
    const read = (name: string) => readFileSync(join(spool, name), "utf8");
    assert.equal(read(`%7.${pid}.Stop.evt`), 'agentmux1 Stop %7 tok 0\n{"n":"old complete"}', "the waiting event is kept");
    assert.equal(read(`.%7.${pid}_1.Stop.tmp`), 'agentmux1 Stop %7 tok 0\n{"n":"old being wr', "the file being written is left to its writer");
    assert.equal(read(`%7.${pid}_2.Stop.evt`), 'agentmux1 Stop %7 tok 0\n{"n":"new"}');
    rmSync(spool, { recursive: true });
  });

  it("returns at once with an endless stdin, and keeps the event with its payload cut at 1 MiB", async () => {
    const r = await execa("sh", ["-c", `exec "${HOOK}" Stop </dev/zero`], { env, extendEnv: false, reject: false, timeout: 60_000 });
    assert.equal(r.exitCode, 0);
    await settle();
    const [file] = spooled();
    assert.equal(statSync(join(dir, "spool", file ?? "")).size, "agentmux1 Stop %7 tok 0\n".length + 1024 * 1024);
    rmSync(join(dir, "spool"), { recursive: true });
  });

  it("returns at once when the CLI holds stdin open and writes nothing", async () => {
    const fifo = join(dir, "fifo");
    await execa("mkfifo", [fifo]);
    // This process holds the fifo open for writing (O_RDWR does not wait for a reader) and writes nothing;
    // the hook gets it read-only, as a pipe from its CLI.
    const held = openSync(fifo, constants.O_RDWR);
    try {
      const r = await execa("sh", ["-c", `exec "${HOOK}" Stop <"${fifo}"`], { env, extendEnv: false, reject: false, timeout: 60_000 });
      assert.equal(r.exitCode, 0);
      const temp = listed().filter((f) => f.endsWith(".tmp"));
      assert.equal(temp.length, 1, "the header is written; the daemon waits while its reader lives");
      assert.equal(readFileSync(join(dir, "spool", temp[0] ?? ""), "utf8"), "agentmux1 Stop %7 tok 0\n");
      // The shell is gone; it named the background reader, which the daemon asks about instead.
      const reader = Number(readFileSync(join(dir, "spool", (temp[0] ?? "").replace(/\.tmp$/, ".reader")), "utf8"));
      assert.ok(reader > 0 && reader !== Number((temp[0] ?? "").split(".")[2]), String(reader));
      assert.doesNotThrow(() => process.kill(reader, 0), "the reader is alive");
    } finally {
      closeSync(held);
    }
    // Its stdin closed at last, the reader ends and the event is renamed into place.
    await settle();
    assert.equal(spooled().length, 1);
    rmSync(join(dir, "spool"), { recursive: true });
    rmSync(fifo);
  });

  it("creates its directories 0700 and files 0600 whatever the umask, and writes only into the user's own", async () => {
    const fresh = join(dir, "fresh", "run");
    const freshEnv = { AGENTMUX_SOCK: join(fresh, "daemon.sock") };
    await execa("sh", ["-c", `umask 000; exec "${HOOK}" Stop`], { env: { ...env, ...freshEnv }, extendEnv: false, input: "{}", reject: false, timeout: 20_000 });
    for (const d of [join(dir, "fresh"), fresh, join(fresh, "spool")]) assert.equal(statSync(d).mode & 0o777, 0o700, d);
    for (let i = 0; i < 200 && readdirSync(join(fresh, "spool")).some((f) => f.endsWith(".tmp")); i++) await new Promise((r) => setTimeout(r, 25));
    const files = readdirSync(join(fresh, "spool"));
    assert.equal(files.filter((f) => f.endsWith(".evt")).length, 1);
    assert.equal(files.length, 2, "the event and the file naming its reader");
    for (const f of files) assert.equal(statSync(join(fresh, "spool", f)).mode & 0o777, 0o600, f);
    rmSync(join(dir, "fresh"), { recursive: true });
  });

  it("writes nothing into a spool or runtime directory another user owns", { skip: process.getuid?.() !== 0 && "needs root to give a directory away" }, async () => {
    for (const theirs of ["spool", "run"]) {
      const run = join(dir, "theirs");
      mkdirSync(join(run, "spool"), { recursive: true, mode: 0o777 });
      chmodSync(join(run, "spool"), 0o777);
      chownSync(join(run, theirs === "run" ? "" : "spool"), 65534, 65534);
      const r = await execa(HOOK, ["Stop"], { env: { ...env, AGENTMUX_SOCK: join(run, "daemon.sock") }, extendEnv: false, input: "{}", reject: false, timeout: 20_000 });
      assert.equal(r.exitCode, 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(readdirSync(join(run, "spool")), [], `${theirs} owned by another user`);
      rmSync(run, { recursive: true });
    }
  });

});
