import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { execa } from "execa";
import { ROOT, TestServer } from "../helpers/tmux-server.ts";
import { paneOption, sessionEnv } from "../helpers/agentmux-session.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");
const PANES = 10;
const PER_PANE = 100;
// The last event each pane receives, and the state it must end in.
const FINAL: Array<[string, string]> = [["agentmux-done", "waiting"], ["agentmux-working", "working"], ["agentmux-blocked", "blocked"], ["agentmux-idle", "idle"]];

describe("kill -9 of the daemon in the middle of 1,000 events across 10 panes: none lost, none twice", () => {
  const server = new TestServer();
  const journal = join(server.home, "events.jsonl");
  const env = { AGENTMUX_EVENT_LOG: journal };
  const panes: string[] = [];
  before(async () => {
    await server.start();
    for (let i = 0; i < PANES; i++) {
      const r = await server.cli(["new", "--command", "sleep 600", "--dir", server.work, "--instance", `w${i}`], { env });
      assert.equal(r.exitCode, 0, String(r.stderr));
      panes.push(String(r.stdout).trim());
    }
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("loses no event, keeps each pane's order, and ends in the right states", async () => {
    const status = JSON.parse(String((await server.cli(["daemon", "status", "--json"], { env })).stdout)) as { pid: number; socket: string };
    const writers = panes.map(async (pane, p) => {
      const sessEnv = await sessionEnv(server, pane);
      const last = FINAL[p % FINAL.length]?.[0] ?? "agentmux-done";
      const script = `i=0; while [ $i -lt ${PER_PANE} ]; do
        if [ $i -eq ${PER_PANE - 1} ]; then e=${last}; elif [ $((i % 2)) -eq 0 ]; then e=agentmux-working; else e=agentmux-done; fi
        printf '{"seq":%d}' $i | "${HOOK}" $e; i=$((i + 1)); done`;
      await execa("sh", ["-c", script], { env: { ...server.env, ...sessEnv }, extendEnv: false });
    });
    // Kill the daemon once it has taken a good part of the events, while writers still write.
    await server.waitFor("300 events ingested", () => existsSync(journal) && readFileSync(journal, "utf8").split("\n").length > 300, 30_000);
    process.kill(status.pid, "SIGKILL");
    await Promise.all(writers);
    const restarted = await server.cli(["daemon", "start"], { env });
    assert.match(String(restarted.stdout), /started/, String(restarted.stderr));
    const spool = join(status.socket, "..", "spool");
    await server.waitFor("spool drained", () => readdirSync(spool).filter((f) => f !== "rejected").length === 0, 30_000);

    const lines = readFileSync(journal, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { pane: string; seq: number; result: string });
    for (const [p, pane] of panes.entries()) {
      const mine = lines.filter((l) => l.pane === pane);
      const seqs = mine.map((l) => l.seq);
      const wanted = Array.from({ length: PER_PANE }, (_, i) => i);
      // What went wrong, said whole when it did: the pane's lines without their seq, the spool's log.
      const why = isDeepStrictEqual(seqs, wanted) ? "" : `; its lines without a seq: ${JSON.stringify(mine.filter((l) => typeof l.seq !== "number"))}; the daemon's spool log:\n${String((await server.cli(["daemon", "logs", "-n", "2000"])).stdout).split("\n").filter((l) => l.includes("spool")).join("\n")}`;
      // Not even the event applied just before the kill and not yet removed is applied twice.
      assert.deepEqual(seqs, wanted, `pane ${pane}: in order, each once${why}`);
      assert.ok(lines.every((l) => l.result !== "dropped"), "nothing dropped");
      const expected = FINAL[p % FINAL.length]?.[1];
      await server.waitFor(`${pane} ${expected}`, async () => (await paneOption(server, pane, "@agentmux-state")) === expected);
    }
  });
});
