import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { ROOT, TestServer } from "../helpers/tmux-server.ts";
import { sessionEnv } from "../helpers/agentmux-session.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");
/** Longer than the 2 s after which the daemon used to take over a file still being written. */
const STALL_MS = 3500;

interface Line { file: string; pane: string; event: string; seq?: number; result: string; reason?: string }

/**
 * The real forwarder, slowed down the ways a loaded machine slows it: its payload late, its shell
 * stopped. The daemon waits for it, and takes its event complete and in order, nothing rejected.
 */
describe("a slow hook writer", () => {
  const server = new TestServer();
  const journalFile = join(server.home, "events.jsonl");
  const env = { AGENTMUX_EVENT_LOG: journalFile };
  let pane = "";
  let spool = "";
  let sessEnv: Record<string, string> = {};
  let seq = 0;
  const journal = (): Line[] => existsSync(journalFile) ? readFileSync(journalFile, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Line) : [];
  const since = (mark: number) => journal().slice(mark);
  const logs = async () => String((await server.cli(["daemon", "logs", "-n", "400"])).stdout);
  const hook = (event: string, input: string) => execa(HOOK, [event], { env: { ...server.env, ...sessEnv }, extendEnv: false, input, reject: false, timeout: 30_000 });
  const sh = (script: string) => execa("sh", ["-c", script], { env: { ...server.env, ...sessEnv, HOOK, SPOOL: spool }, extendEnv: false, reject: false, timeout: 30_000 });
  const tmpOf = (event: string) => readdirSync(spool).find((f) => f.startsWith(`.${pane}.`) && f.endsWith(`.${event}.tmp`));
  const stopped = (pid: number) => /^\d+ \(.*\) T/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  /** What the journal and the daemon's spool log say since `mark`, for a failure's message. */
  const told = async (mark: number) => `journal: ${JSON.stringify(since(mark))}\nspool log:\n${(await logs()).split("\n").filter((l) => l.includes("spool")).slice(-20).join("\n")}`;
  const applied = (mark: number, n: number) => server.waitFor(`${n} events applied`, () => since(mark).length >= n, 30_000);

  before(async () => {
    await server.start();
    const r = await server.cli(["new", "--command", "sleep 600", "--dir", server.work, "--instance", "slow-1"], { env });
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    sessEnv = await sessionEnv(server, pane);
    spool = join(sessEnv["AGENTMUX_SOCK"] ?? "", "..", "spool");
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("whose payload comes seconds after it returned is applied with its payload, before the pane's next event", async () => {
    const mark = journal().length;
    const [a, b] = [++seq, ++seq];
    // The CLI writes the payload and closes the hook's stdin long after the hook returned.
    await sh(`({ sleep ${STALL_MS / 1000}; printf '{"seq":${a}}'; } | "$HOOK" agentmux-blocked) >/dev/null 2>&1 &`);
    await server.waitFor("the first event's file", () => tmpOf("agentmux-blocked") !== undefined);
    await hook("agentmux-working", `{"seq":${b}}`);
    await applied(mark, 2);
    assert.deepEqual(since(mark).map((l) => `${l.event} ${l.seq} ${l.result}`), [`agentmux-blocked ${a} blocked`, `agentmux-working ${b} working`], await told(mark));
  });

  /** The forwarder itself, made to stop itself (SIGSTOP, as a starved machine would) right after a line of it. */
  const stoppingAfter = (line: string): string => {
    const text = readFileSync(HOOK, "utf8");
    assert.ok(text.includes(`${line}\n`), `the forwarder has the line ${line}`);
    const file = join(server.home, `hook-stopping-${createHash("sha1").update(line).digest("hex").slice(0, 8)}`);
    writeFileSync(file, text.replace(`${line}\n`, () => `${line}\nkill -STOP $$\n`), { mode: 0o755 });
    return file;
  };

  for (const headed of [false, true]) {
    it(`stopped ${headed ? "after its header" : "before its header"} for seconds is applied with its payload once continued, before the pane's next event`, async () => {
      const mark = journal().length;
      const [a, b] = [++seq, ++seq];
      // The forwarder's shell, stopped where its file exists (.<pane>.<pid>.<EVENT>.tmp), which it
      // goes on writing once continued.
      const forwarder = stoppingAfter(headed ? `printf 'agentmux1 %s %s %s %s\\n' "$event" "$pane" "\${AGENTMUX_TOKEN:--}" "$agent" >&4 || exit 0` : `command exec 4>"$tmp" || exit 0`);
      const child = execa(forwarder, ["agentmux-blocked"], { env: { ...server.env, ...sessEnv }, extendEnv: false, input: `{"seq":${a}}`, reject: false, timeout: 30_000 });
      const pid = child.pid ?? 0;
      await server.waitFor("the forwarder stopped", () => stopped(pid));
      assert.equal(readFileSync(join(spool, tmpOf("agentmux-blocked") ?? ""), "utf8"), headed ? `agentmux1 agentmux-blocked ${pane} ${sessEnv["AGENTMUX_TOKEN"] ?? ""} 0\n` : "");
      await hook("agentmux-working", `{"seq":${b}}`);
      await new Promise((r) => setTimeout(r, STALL_MS));
      process.kill(pid, "SIGCONT");
      assert.equal((await child).exitCode, 0);
      await applied(mark, 2);
      assert.deepEqual(since(mark).map((l) => `${l.event} ${l.seq} ${l.result}`), [`agentmux-blocked ${a} blocked`, `agentmux-working ${b} working`], await told(mark));
    });
  }

  it("killed is taken as far as it got, at once, with the reason logged; its pane's next event follows", async () => {
    const mark = journal().length;
    const b = ++seq;
    const child = sh(`f="$SPOOL/.$AGENTMUX_SESSION.$$.agentmux-blocked.tmp"; printf 'agentmux1 agentmux-blocked %s %s 0\\n' "$AGENTMUX_SESSION" "$AGENTMUX_TOKEN" >"$f"; kill -STOP $$`);
    const pid = child.pid ?? 0;
    await server.waitFor("the forwarder stopped", () => stopped(pid));
    await hook("agentmux-working", `{"seq":${b}}`);
    process.kill(pid, "SIGKILL");
    await child;
    await applied(mark, 2);
    assert.deepEqual(since(mark).map((l) => `${l.event} ${l.seq} ${l.result}`), ["agentmux-blocked undefined blocked", `agentmux-working ${b} working`]);
    assert.match(await logs(), new RegExp(`spool: took over ${pane}\\.${pid}\\.agentmux-blocked\\.evt: its writer \\(pid ${pid}\\) is gone without renaming it`));
  });

  it("leaves nothing behind: no file rejected, no .reader file left", async () => {
    assert.deepEqual(journal().filter((l) => l.result === "dropped"), []);
    await server.waitFor("the spool emptied", () => readdirSync(spool).filter((f) => f !== "rejected").length === 0, 10_000);
  });
});
