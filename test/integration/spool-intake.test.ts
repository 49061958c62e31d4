import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { ROOT, TestServer } from "../helpers/tmux-server.ts";
import { sessionEnv, waitForState } from "../helpers/agentmux-session.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");

interface Line { file: string; pane: string; event: string; seq?: number; result: string; reason?: string; truncated?: boolean }

/** The daemon's side of the spool: nothing complete is lost, nothing broken costs it twice. */
describe("spool intake", () => {
  const server = new TestServer();
  const journalFile = join(server.home, "events.jsonl");
  const env = { AGENTMUX_EVENT_LOG: journalFile };
  let pane = "";
  let spool = "";
  let sessEnv: Record<string, string> = {};
  const journal = (): Line[] => existsSync(journalFile) ? readFileSync(journalFile, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Line) : [];
  const logs = async () => String((await server.cli(["daemon", "logs", "-n", "400"])).stdout);
  const daemonPid = async () => (JSON.parse(String((await server.cli(["daemon", "status", "--json"], { env })).stdout)) as { pid: number }).pid;
  const hook = (event: string, input: string) => execa(HOOK, [event], { env: { ...server.env, ...sessEnv }, extendEnv: false, input, reject: false, timeout: 30_000 });
  const emptied = () => server.waitFor("the spool emptied", () => readdirSync(spool).filter((f) => f !== "rejected").length === 0, 20_000);

  before(async () => {
    await server.start();
    // Pane ids above %10, as in real use.
    for (let i = 0; i < 11; i++) await server.tmux(["split-window", "-d", "-t", "base", "sleep 1"]).then(() => server.tmux(["kill-pane", "-a", "-t", "base:0.0"]));
    const dir = join(server.work, "spool 'q' #1 %d ü");
    mkdirSync(dir);
    const r = await server.cli(["new", "--command", "sleep 600", "--dir", dir, "--instance", "spool-1"], { env });
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    assert.ok(Number(pane.slice(1)) > 10, pane);
    sessEnv = await sessionEnv(server, pane);
    spool = join(sessEnv["AGENTMUX_SOCK"] ?? "", "..", "spool");
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("an event whose writer stalls more than a second before its header is taken once complete", async () => {
    await hook("agentmux-idle", "{}");
    await waitForState(server, pane, "idle");
    const token = sessEnv["AGENTMUX_TOKEN"] ?? "-";
    // The forwarder's way: a dot-name while being written, renamed into place once complete.
    const tmp = join(spool, `.${pane}.${process.pid}.agentmux-working.tmp`);
    writeFileSync(tmp, "");
    await new Promise((r) => setTimeout(r, 1500));
    writeFileSync(tmp, `agentmux1 agentmux-working ${pane} ${token} 0\n{"seq":1}\n`);
    await execa("mv", [tmp, join(spool, `${pane}.${process.pid}.agentmux-working.evt`)]);
    await waitForState(server, pane, "working");
    // The older way (an older forwarder, codex-notify): written in place, complete once its writer exits.
    const script = `exec 3>"${spool}/${pane}.$$.agentmux-blocked.sh"; sleep 1.5; printf 'agentmux1 agentmux-blocked %s %s 0\\n{"seq":2}\\n' "${pane}" "${token}" >&3`;
    await execa("sh", ["-c", script], { timeout: 30_000 });
    await waitForState(server, pane, "blocked");
    assert.deepEqual(journal().filter((l) => l.seq !== undefined).map((l) => `${l.seq} ${l.result}`), ["1 working", "2 blocked"]);
  });

  it("a garbage file and an unreadable one are logged, journaled and moved aside; later events flow", async () => {
    writeFileSync(join(spool, `${pane}.11.agentmux-done.evt`), "\x00\xff not an event");
    mkdirSync(join(spool, `${pane}.12.agentmux-done.evt`));
    await hook("agentmux-idle", '{"seq":3}');
    await waitForState(server, pane, "idle");
    await emptied();
    const dropped = journal().filter((l) => l.result === "dropped").map((l) => `${l.file} ${l.reason}`).sort();
    assert.deepEqual(dropped, [`${pane}.11.agentmux-done.evt it has no agentmux1 header`, `${pane}.12.agentmux-done.evt it is not a regular file`]);
    const text = await logs();
    assert.match(text, new RegExp(`spool: dropped \\S+${pane}\\.11\\.agentmux-done\\.evt: it has no agentmux1 header`));
    assert.match(text, new RegExp(`spool: dropped \\S+${pane}\\.12\\.agentmux-done\\.evt: it is not a regular file`));
    assert.equal(readdirSync(join(spool, "rejected")).length, 2);
    await hook("agentmux-working", '{"seq":4}');
    await waitForState(server, pane, "working");
  });

  it("a 20 MB payload is cut at 1 MiB and the event kept, its leading fields with it; memory is not held", async () => {
    const pid = await daemonPid();
    const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    const before = rss();
    const huge = `{"session_id":"big-1","seq":5,"tool_response":"${"x".repeat(20 * 1024 * 1024)}"}`;
    // Through the forwarder, and written straight into the spool (by an older or foreign writer).
    const r = await hook("agentmux-idle", huge);
    assert.equal(r.exitCode, 0);
    await waitForState(server, pane, "idle");
    const token = sessEnv["AGENTMUX_TOKEN"] ?? "-";
    writeFileSync(join(spool, `.${pane}.13.agentmux-blocked.tmp`), `agentmux1 agentmux-blocked ${pane} ${token} 0\n${huge.replace('"seq":5', '"seq":6')}`);
    await execa("mv", [join(spool, `.${pane}.13.agentmux-blocked.tmp`), join(spool, `${pane}.13.agentmux-blocked.evt`)]);
    await waitForState(server, pane, "blocked");
    await emptied();
    const big = journal().filter((l) => l.seq === 5 || l.seq === 6 || l.truncated);
    assert.deepEqual(big.map((l) => `${l.event} ${l.result} ${l.truncated === true}`), ["agentmux-idle idle true", "agentmux-blocked blocked true"]);
    const grown = rss() - before;
    assert.ok(grown < 30, `the daemon grew by ${grown.toFixed(1)} MB reading two 20 MB payloads`);
  });

  it("a file already applied when the daemon was killed is removed at its restart, not applied again", async () => {
    await hook("agentmux-idle", '{"seq":7}');
    await waitForState(server, pane, "idle");
    await emptied();
    process.kill(await daemonPid(), "SIGKILL");
    // What kill -9 between applying an event and removing its file leaves: the file, and its key in the applied log.
    const token = sessEnv["AGENTMUX_TOKEN"] ?? "-";
    const name = `${pane}.14.agentmux-working.evt`;
    writeFileSync(join(spool, name), `agentmux1 agentmux-working ${pane} ${token} 0\n{"seq":8}\n`);
    writeFileSync(join(spool, "..", "spool.applied"), `${name} ${statSync(join(spool, name)).ino}\n`);
    const restarted = await server.cli(["daemon", "start"], { env });
    assert.match(String(restarted.stdout), /started/, String(restarted.stderr));
    await emptied();
    assert.match(await logs(), new RegExp(`spool: agentmux-working for ${pane} was applied before a restart: removed, not applied again`));
    assert.equal(journal().filter((l) => l.seq === 8).length, 0);
    await hook("agentmux-blocked", '{"seq":9}');
    await waitForState(server, pane, "blocked");
    assert.equal(journal().filter((l) => l.seq === 8).length, 0, "never applied");
  });
});
