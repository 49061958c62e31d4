import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { listJson, waitForState } from "../helpers/agentmux-session.ts";

interface Logged { event: string; pid: number; text?: string; env?: { AGENTMUX_SESSION?: string } }

/** agentmux exit: before-exit skills typed into the session one turn after another, then the pane closes. */
describe("exit and its before-exit skill chains", () => {
  const server = new TestServer();
  const agents = join(server.home, "agents.log");
  let daemonLog = "";

  const config = (exit: Record<string, unknown> | undefined) => writeConfig(server.home, exit ? { exit } : {});
  const logged = (): Logged[] => {
    try { return readFileSync(agents, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Logged); } catch { return []; }
  };
  /** What the agent in a pane was given to submit, in order. */
  const submitted = (pane: string): string[] => {
    const pids = new Set(logged().filter((e) => e.event === "start" && e.env?.AGENTMUX_SESSION === pane).map((e) => e.pid));
    return logged().filter((e) => e.event === "submit" && pids.has(e.pid)).map((e) => e.text ?? "");
  };
  const logLines = (): string[] => { try { return readFileSync(daemonLog, "utf8").split("\n"); } catch { return []; } };
  const waitForLog = async (pattern: RegExp) => {
    await server.waitFor(`${pattern} in the daemon log`, () => logLines().some((l) => pattern.test(l)), 15_000);
    return logLines().findIndex((l) => pattern.test(l));
  };
  const panes = async () => String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id}"])).stdout).split("\n");
  const waitGone = (pane: string) => server.waitFor(`${pane} closed`, async () => !(await panes()).includes(pane), 20_000);
  const listed = async (pane: string) => (await listJson(server)).find((s) => s["pane"] === pane);
  const start = async (instance: string, options: { backend?: string; dir?: string } = {}) => {
    const dir = options.dir ?? server.work;
    mkdirSync(dir, { recursive: true });
    const r = await server.cli(["new", "--backend", options.backend ?? "claude", "--dir", dir, "--instance", instance, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await server.waitForScreen(pane, /❯/);
    if ((options.backend ?? "claude") === "claude") await waitForState(server, pane, "idle");
    return pane;
  };
  const exit = async (target: string, ...flags: string[]) => {
    const r = await server.cli(["exit", target, ...flags]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return String(r.stdout).trim();
  };

  before(async () => {
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: agents, FAKE_SLOW_MS: "3000" });
    config(undefined);
    await start("first");
    daemonLog = (JSON.parse(String((await server.cli(["daemon", "status", "--json"])).stdout)) as { log: string }).log;
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("with no skills, closes the pane at once; the session stays listed as exited", async () => {
    const pane = (await listJson(server)).find((s) => s["instance"] === "first")?.["pane"] as string;
    assert.match(await exit("first"), new RegExp(`^closed work:first \\(${pane}\\)$`));
    assert.ok(!(await panes()).includes(pane));
    assert.equal((await listed(pane))?.["state"], "exited");
  });

  it("a command without skills (generic) closes at once even with skills configured", async () => {
    config({ skills: ["learn"] });
    const r = await server.cli(["new", "--command", "sleep 600", "--instance", "plain", "--detached"]);
    const pane = String(r.stdout).trim();
    assert.match(await exit(pane, "--json"), /"result": "closed"/);
    await waitGone(pane);
  });

  it("runs plain skills in order, each after the previous turn ended, then closes; a repeated exit reports the chain", async () => {
    config({ skills: ["slow-learn", "tidy"] });
    const pane = await start("two");
    assert.equal(await exit("two"), "exit work:two: running skill 1/2: /slow-learn");
    // Shown closing while the chain runs, everywhere the state shows: the pane option, list, the switcher's glyph.
    await waitForState(server, pane, "closing");
    await waitForLog(new RegExp(`^\\S+ ${pane} working \\(shown closing\\)`));
    assert.equal((await listed(pane))?.["state"], "closing");
    assert.equal(await exit("two"), "exit work:two is under way: running skill 1/2: /slow-learn");
    const json = JSON.parse(await exit("two", "--json")) as Record<string, unknown>;
    assert.deepEqual([json["result"], json["already"], json["state"]], ["running", true, "running skill 1/2: /slow-learn"]);
    await waitGone(pane);
    assert.deepEqual(submitted(pane), ["/slow-learn", "/tidy"]);
    // The second skill went in only after the first one's turn ended.
    const ended = await waitForLog(new RegExp(`^\\S+ ${pane} waiting \\(shown closing\\)`));
    const second = await waitForLog(new RegExp(`exit ${pane}: submitting skill 2/2: /tidy$`));
    assert.ok(ended < second, "the first turn ended before the second skill was submitted");
    assert.equal((await listed(pane))?.["state"], "exited");
  });

  it("receipts of success and no-op let the chain go on and close; the receipt directories go", async () => {
    config({ skills: [{ name: "receipt-success", receipt: true }, { name: "receipt-noop", receipt: true, args: "--auto" }] });
    const pane = await start("receipts");
    assert.match(await exit("receipts"), /running skill 1\/2: \/receipt-success$/);
    await waitGone(pane);
    const [first = "", second = ""] = submitted(pane);
    assert.match(first, /^\/receipt-success --receipt-file \/\S+\/receipt\.json$/);
    assert.match(second, /^\/receipt-noop --auto --receipt-file \/\S+\/receipt\.json$/);
    for (const text of [first, second]) assert.ok(!existsSync(dirname(text.split(" ").at(-1) ?? "")), `${text}: its directory is removed`);
  });

  it("a failure, invalid JSON or a missing receipt stops the chain, keeps the session and warns", async () => {
    const dirs = { fail: join(server.work, "fail"), invalid: join(server.work, "invalid"), missing: join(server.work, "missing") };
    // Each entry's directories choose its session; plain "after" would run everywhere, but never gets its turn.
    config({
      skills: [
        { name: "receipt-failure", receipt: true, directories: [dirs.fail] },
        { name: "receipt-invalid", receipt: true, directories: [dirs.invalid] },
        { name: "receipt-missing", receipt: true, directories: [dirs.missing] },
        "after",
      ],
    });
    const cases: Array<[keyof typeof dirs, RegExp]> = [
      ["fail", /its receipt reports failure: the fake skill failed/],
      ["invalid", /its receipt is not valid JSON/],
      ["missing", /it wrote no receipt/],
    ];
    for (const [name, why] of cases) {
      const pane = await start(name, { dir: dirs[name] });
      assert.match(await exit(pane), /running skill 1\/2: \/receipt-/);
      await waitForLog(new RegExp(`warning: agentmux exit ${name}:${name}: /receipt-\\S+ did not finish: ${why.source}.*; the exit is stopped and the session kept`));
      assert.ok((await panes()).includes(pane), "the session is kept");
      assert.notEqual((await listed(pane))?.["state"], "exited");
      const commands = submitted(pane);
      assert.equal(commands.length, 1, JSON.stringify(commands));
      assert.ok(!existsSync(dirname(commands[0]?.split(" ").at(-1) ?? "")), "the receipt directory is removed after reading");
      // The chain is over: exit starts afresh rather than reporting it.
      assert.doesNotMatch(await exit(pane, "--now"), /under way/);
      await waitGone(pane);
    }
  });

  it("exit while a turn runs waits for it and says so, then runs the skills", async () => {
    config({ skills: ["learn"] });
    const pane = await start("busy");
    await server.cli(["send", pane, "/slow"]);
    await waitForState(server, pane, "working");
    assert.equal(await exit("busy"), "exit work:busy: armed: waiting for the running turn to end");
    await waitForState(server, pane, "closing");
    assert.equal(await exit("busy"), "exit work:busy is under way: armed: waiting for the running turn to end");
    assert.deepEqual(submitted(pane), ["/slow"], "nothing is typed into the running turn");
    await waitGone(pane);
    assert.deepEqual(submitted(pane), ["/slow", "/learn"]);
  });

  it("a prompt the user types into the session cancels the chain", async () => {
    config({ skills: ["slow-a", "tidy"] });
    const pane = await start("typed");
    await exit("typed");
    await waitForLog(new RegExp(`^\\S+ ${pane} working \\(shown closing\\)`));
    await server.tmux(["send-keys", "-t", pane, "-l", "wait, one more thing"]);
    await server.tmux(["send-keys", "-t", pane, "Enter"]);
    const cancelled = await waitForLog(new RegExp(`warning: agentmux exit work:typed: a prompt was typed into the session: the exit is cancelled`));
    // The typed prompt's turn ends: a live chain would submit its next skill right then.
    await server.waitFor("the typed turn's end", () => logLines().slice(cancelled).some((l) => l.includes(` ${pane} waiting`)));
    // The chain is gone: the session is shown as it is again.
    await waitForState(server, pane, "waiting");
    assert.ok(!logLines().some((l) => l.includes(`exit ${pane}: submitting skill 2/2`)));
    assert.deepEqual(submitted(pane), ["/slow-a", "wait, one more thing"]);
    assert.ok((await panes()).includes(pane));
    await exit("typed", "--now");
  });

  it("the watchdog warns when a skill takes longer than exit.timeout, keeps the exit armed, and the chain finishes", async () => {
    config({ timeout: 1, skills: [{ name: "slow-w", receipt: true }] });
    const pane = await start("slow");
    await exit("slow");
    await server.waitFor("the receipt file named", () => submitted(pane).length === 1);
    const receiptDir = dirname(submitted(pane)[0]?.split(" ").at(-1) ?? "");
    assert.equal(statSync(receiptDir).mode & 0o777, 0o700, "a private directory");
    await waitForLog(new RegExp("warning: agentmux exit work:slow: /slow-w is taking longer than the exit timeout; the exit stays armed"));
    assert.ok((await panes()).includes(pane), "still armed, not closed");
    assert.match(await exit("slow"), /under way: running skill 1\/1: \/slow-w \(past the exit timeout\)/);
    await waitGone(pane);
    assert.ok(!existsSync(receiptDir));
  });

  it("--now skips the skills", async () => {
    config({ skills: ["learn"] });
    const pane = await start("now");
    assert.match(await exit("now", "--now"), /^closed work:now/);
    await waitGone(pane);
    assert.deepEqual(submitted(pane), []);
  });

  it("Codex sessions get $name skill commands", async () => {
    config({ skills: ["learn", { name: "receipt-success", receipt: true }] });
    const pane = await start("cx", { backend: "codex" });
    assert.match(await exit("cx"), /running skill 1\/2: \$learn$/);
    await waitGone(pane);
    const commands = submitted(pane);
    assert.equal(commands[0], "$learn");
    assert.match(commands[1] ?? "", /^\$receipt-success --receipt-file \S+$/);
  });

  it("a session whose process exited: exit removes its pane", async () => {
    config({ skills: ["learn"] });
    const pane = await start("dead");
    await server.cli(["send", pane, "/fail"]);
    await server.waitFor("the process ended", async () => (await listed(pane))?.["state"] === "exited");
    assert.ok((await panes()).includes(pane), "the pane is kept to show the error");
    assert.match(await exit(pane), /^closed /);
    await waitGone(pane);
    assert.deepEqual(submitted(pane), ["/fail"]);
  });
});
