import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { parseSpoolContent, parseSpoolName } from "../../src/daemon/spool.ts";
import { ROOT } from "../helpers/tmux-server.ts";

const NOTIFY = join(ROOT, "shell", "agentmux-codex-notify");
const PAYLOAD = '{"type":"agent-turn-complete","thread-id":"t1","turn-id":"u1","last-assistant-message":"it\'s done"}';

/** Codex's notify program alone, with no daemon: one spool file in agentmux-hook's format, exit 0 at once. */
describe("shell/agentmux-codex-notify", () => {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-codex-notify-"));
  const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", AGENTMUX_SESSION: "%4", AGENTMUX_TOKEN: "tok", AGENTMUX_SOCK: join(dir, "daemon.sock") };
  const run = (args: string[], extra: Record<string, string> = {}) =>
    execa(NOTIFY, args, { stdin: "ignore", env: { ...env, ...extra }, extendEnv: false, reject: false, timeout: 5000 });
  const take = (): string[] => {
    const spool = join(dir, "spool");
    let names: string[] = [];
    try { names = readdirSync(spool); } catch { /* none */ }
    const contents = names.map((n) => readFileSync(join(spool, n), "utf8"));
    rmSync(spool, { recursive: true, force: true });
    return [...names, ...contents];
  };
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("spools the JSON argument as the agent-turn-complete event", async () => {
    const r = await run([PAYLOAD]);
    assert.equal(r.exitCode, 0);
    assert.equal(r.stdout + r.stderr, "");
    const [name, content] = take();
    assert.deepEqual({ ...parseSpoolName(name ?? ""), pid: 0 }, { pane: "%4", pid: 0, event: "agent-turn-complete", complete: true });
    assert.deepEqual(parseSpoolContent(content ?? ""), { event: "agent-turn-complete", pane: "%4", token: "tok", global: true, agent: "codex", payload: JSON.parse(PAYLOAD) });
  });

  it("runs a chained notify program with the same JSON, after spooling", async () => {
    const out = join(dir, "chained.txt");
    const chained = await run(["sh", "-c", `printf '%s' "$1" > '${out}'`, "sh", PAYLOAD]);
    assert.equal(chained.exitCode, 0);
    const [name] = take();
    assert.match(name ?? "", /^%4\.\d+\.agent-turn-complete\.evt$/);
    const written = () => { try { return readFileSync(out, "utf8"); } catch { return ""; } };
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && written() !== PAYLOAD) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(written(), PAYLOAD);
  });

  it("writes nothing outside an agentmux session, and still exits 0", async () => {
    const outside: Array<Record<string, string>> = [{ AGENTMUX_SESSION: "", TMUX_PANE: "" }, { AGENTMUX_SOCK: "" }, { AGENTMUX_SESSION: "main" }];
    for (const extra of outside) {
      const r = await run([PAYLOAD], extra);
      assert.equal(r.exitCode, 0);
      assert.deepEqual(take(), []);
    }
  });

  it("exits 0 without an argument or with an unwritable spool", async () => {
    assert.equal((await run([])).exitCode, 0);
    take();
    const r = await run([PAYLOAD], { AGENTMUX_SOCK: "/proc/nope/daemon.sock" });
    assert.equal(r.exitCode, 0);
    assert.equal(r.stderr, "");
  });
});
