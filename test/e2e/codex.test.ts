import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { waitForRead, transitions, LONG } from "./harness.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { codexEnv, findCodex, seedCodexHome } from "./codex-home.ts";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai.ts";
import { HELLO } from "./fake-model.ts";

// The composer line shows in every state, even while working.
const COMPOSER = /^› /m;

const codex = findCodex();

interface Journaled { pane: string; event: string; result: string }

describe("the real Codex in tmux against a fake OpenAI Responses API", () => {
  let fake: FakeOpenAI | undefined;
  let server: TestServer | undefined;
  let project = "";
  let pane = "";
  let journal = "";
  let codexHomeDir = "";

  const ready = (t: TestContext): TestServer | undefined => {
    if (codex.bin !== null) return server;
    t.skip(`Codex is not available: ${codex.reason}`);
    return undefined;
  };

  before(async () => {
    if (codex.bin === null) {
      console.log(`skipping the Codex e2e tests: ${codex.reason}`);
      return;
    }
    fake = await startFakeOpenAI({ port: 0 });
    // The real codex's directory first on PATH, so test/fixtures/bin/codex is not used.
    const scratch = mkdtempSync(join(tmpdir(), "agentmux-codex-"));
    const home = join(scratch, "home");
    const codexHome = join(home, ".codex");
    codexHomeDir = codexHome;
    // agentmux prepares the CODEX_HOME it is given at launch: the same one the pane's Codex uses.
    server = new TestServer({ PATH: `${codex.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}`, CODEX_HOME: codexHome });
    // The daemon (started by `agentmux new` with the CLI's environment) journals every event it takes.
    journal = join(server.home, "events.jsonl");
    server.env["AGENTMUX_EVENT_LOG"] = journal;
    project = join(server.home, "project");
    mkdirSync(project, { recursive: true });
    seedCodexHome(codexHome, { projects: [project], providerUrl: fake.url });
    await server.start();
    // Panes get the tmux server's environment, not the environment of the CLI that opens them.
    await server.setServerEnv({ ...codexEnv(codexHome), HOME: home });
  });

  after(async () => {
    try { await server?.stop(); } finally { await fake?.close(); }
  });



  const events = (target: string): Journaled[] => {
    if (!existsSync(journal)) return [];
    return readFileSync(journal, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Journaled).filter((e) => e.pane === target);
  };

  const waitForEvents = async (s: TestServer, target: string, wanted: string[]): Promise<Journaled[]> => {
    await s.waitFor(`events ${wanted.join(", ")} from ${target}`, () => wanted.every((w) => events(target).some((e) => e.event === w)), LONG)
      .catch((e: Error) => { throw new Error(`${e.message}; journal had: ${events(target).map((j) => j.event).join(", ") || "nothing"}`); });
    return events(target);
  };


  const keys = async (s: TestServer, target: string, ...names: string[]): Promise<void> => {
    const r = await s.cli(["keys", target, ...names]);
    assert.equal(r.exitCode, 0, String(r.stderr));
  };

  it("starts at Codex's composer with no hooks review dialog, and answers a prompt sent with agentmux send", async (t) => {
    const s = ready(t);
    if (!s) return;
    const r = await s.cli(["new", "--backend", "codex", "--dir", project, "--instance", "main"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    assert.match(pane, /^%\d+$/);
    const screen = await s.waitForScreen(pane, /Ask Codex to do anything/, LONG);
    assert.doesNotMatch(screen, /Hooks need review/);
    const sent = await s.cli(["send", pane, "say hello"]);
    assert.equal(sent.exitCode, 0, String(sent.stderr));
    await waitForRead(s, pane, new RegExp(`• ${HELLO}`));
    await waitForState(s, pane, "waiting", LONG);
    // Maybe idle first, from the screen at start-up (Codex fires no hook before the first prompt),
    // if the screen watcher looked before the prompt went in; then the hooks.
    assert.deepEqual((await transitions(s, pane)).filter((x, i) => !(i === 0 && x === "idle")), ["working", "waiting"]);
  });

  it("runs agentmux's hooks and notify: the events reach the daemon with the session's token", async (t) => {
    const s = ready(t);
    if (!s) return;
    // SessionStart fires at the first prompt, not at launch; notify once the turn is over.
    const seen = await waitForEvents(s, pane, ["SessionStart", "UserPromptSubmit", "Stop", "agent-turn-complete"]);
    assert.deepEqual(seen.filter((e) => e.result === "dropped"), [], "no event was refused (wrong token)");
    const order = seen.map((e) => e.event).filter((e) => e !== "agent-turn-complete");
    assert.ok(order.indexOf("UserPromptSubmit") < order.lastIndexOf("Stop"), `order: ${order.join(", ")}`);
  });

  it("asks before running an escalated command, and runs it once approved with agentmux keys y", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    const marker = join(project, "marker-from-codex");
    const sent = await s.cli(["send", pane, `E2E_TOOL E2E_CMD=${marker} please create the marker file`]);
    assert.equal(sent.exitCode, 0, String(sent.stderr));
    const dialog = await waitForRead(s, pane, /Would you like to run the following command\?/);
    assert.match(dialog, new RegExp(`touch ${marker}`));
    assert.ok(!existsSync(marker), "nothing runs before the approval");
    await waitForEvents(s, pane, ["PermissionRequest"]);
    await waitForState(s, pane, "blocked", LONG);
    const before = (await transitions(s, pane)).length;
    await keys(s, pane, "y");
    await s.waitFor(`${marker} to exist`, () => existsSync(marker), LONG);
    await waitForRead(s, pane, /• Tool finished: /);
    const stops = () => events(pane).filter((e) => e.event === "Stop").length;
    await s.waitFor("a second Stop event", () => stops() >= 2, LONG);
    await waitForState(s, pane, "waiting", LONG);
    assert.deepEqual((await transitions(s, pane)).slice(before - 1), ["blocked", "working", "waiting"]);
  });

  it("quits with /quit", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    // "send /quit" would fail: the pane closes under its check that the Return was taken.
    const typed = await s.cli(["send", "--no-enter", pane, "/quit"]);
    assert.equal(typed.exitCode, 0, String(typed.stderr));
    await s.waitForScreen(pane, /^› \/quit/m, LONG);
    await keys(s, pane, "Enter");
    let state = "";
    await s.waitFor(`pane ${pane} to close after /quit`, async () => {
      const panes = String((await s.tmux(["list-panes", "-a", "-F", "#{pane_id} #{pane_dead}:#{pane_dead_status}"])).stdout);
      state = new RegExp(`^${pane} (.*)$`, "m").exec(panes)?.[1] ?? "gone";
      return state === "gone" || state.startsWith("1:");
    }, LONG).catch(async (e: Error) => { throw new Error(`${e.message}; screen was:\n${await s.capture(pane)}`); });
    // tmux 3.3a can miss the exit status of a pane (see claude.test.ts): dead without one counts.
    if (state !== "gone") assert.match(state, /^1:0?$/, `Codex's exit status: ${state}`);
    assert.ok(fake?.requests.some((r) => r.decision?.kind === "tool"), "the fake model asked for the tool");
  });

  it("new --prompt hands the prompt to Codex at launch, answered without typing", async (t) => {
    const s = ready(t);
    if (!s) return;
    const r = await s.cli(["new", "--backend", "codex", "--dir", project, "--instance", "second", "--prompt", "initial prompt text"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const id = String(r.stdout).trim();
    const screen = await waitForRead(s, id, new RegExp(`• ${HELLO}`));
    assert.match(screen, COMPOSER);
    assert.ok(fake?.requests.some((q) => q.decision?.kind === "text" && !q.decision.side && JSON.stringify(q.body).includes("initial prompt text")));
    await s.tmux(["kill-pane", "-t", id]);
  });

  it("restart resumes the same conversation (codex resume ID, with the model it reported)", async (t) => {
    const s = ready(t);
    if (!s || !fake) return;
    const r = await s.cli(["new", "--backend", "codex", "--dir", project, "--instance", "restarted"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const target = String(r.stdout).trim();
    await waitForState(s, target, "idle", LONG);
    assert.equal((await s.cli(["send", target, "remember the word MANGO-E2E"])).exitCode, 0);
    await waitForState(s, target, "waiting", LONG);
    let id = "";
    await s.waitFor("the thread id", async () => (id = await paneOption(s, target, "@agentmux-id")) !== "", LONG);
    await s.waitFor("the launch state", async () => /gpt-5\.1-codex/.test(await paneOption(s, target, "@agentmux-launch")), LONG);
    const restarted = await s.cli(["restart", target]);
    assert.equal(restarted.exitCode, 0, String(restarted.stderr));
    assert.match(String(restarted.stdout), new RegExp(`resuming ${id}`));
    await s.waitForScreen(target, COMPOSER, LONG);
    await waitForState(s, target, "idle", LONG);
    const before = fake.requests.length;
    assert.equal((await s.cli(["send", target, "which word was it"])).exitCode, 0);
    await waitForRead(s, target, new RegExp(`• ${HELLO}`));
    const asked = fake.requests.slice(before).find((q) => q.decision?.kind === "text" && !q.decision.side && JSON.stringify(q.body).includes("which word was it"));
    assert.ok(asked, "the fake model was asked the new prompt");
    assert.match(JSON.stringify(asked.body), /MANGO-E2E/, "the resumed thread carries the turn from before the restart");
    assert.equal(await paneOption(s, target, "@agentmux-id"), id, "the same thread id");
    await s.tmux(["kill-pane", "-t", target]);
  });

  it("send submits a $skill: the skill list takes the first Enter, a second one submits", async (t) => {
    const s = ready(t);
    if (!s || !fake) return;
    const skill = join(codexHomeDir, "skills", "lookup");
    mkdirSync(skill, { recursive: true });
    writeFileSync(join(skill, "SKILL.md"), "---\nname: lookup\ndescription: Look something up.\n---\n\nLOOKUP-SKILL-BODY\n");
    const r = await s.cli(["new", "--backend", "codex", "--dir", project, "--instance", "skilled"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const target = String(r.stdout).trim();
    await s.waitForScreen(target, COMPOSER, LONG);
    await waitForState(s, target, "idle", LONG);
    const before = fake.requests.length;
    const sent = await s.cli(["send", target, "$lookup", "--json"]);
    assert.equal(sent.exitCode, 0, String(sent.stderr));
    assert.ok((JSON.parse(String(sent.stdout)) as { enters: number }).enters >= 2, "Enter was pressed again after the list took the first");
    await waitForRead(s, target, new RegExp(`• ${HELLO}`));
    assert.ok(fake.requests.slice(before).some((q) => q.decision?.kind === "text" && !q.decision.side && JSON.stringify(q.body).includes("lookup")), "Codex sent the skill to the model");
    await s.tmux(["kill-pane", "-t", target]);
  });

  it("exit runs a before-exit skill as $name, waits for its turn to end, then closes the pane", async (t) => {
    const s = ready(t);
    if (!s || !fake) return;
    const skill = join(codexHomeDir, "skills", "wrapup");
    mkdirSync(skill, { recursive: true });
    writeFileSync(join(skill, "SKILL.md"), "---\nname: wrapup\ndescription: Close out the session.\n---\n\nWRAPUP-SKILL-BODY: summarise what was done.\n");
    const config = join(s.home, "config", "config.yml");
    mkdirSync(join(s.home, "config"), { recursive: true });
    writeFileSync(config, "exit:\n  skills: [wrapup]\n");
    try {
      const r = await s.cli(["new", "--backend", "codex", "--dir", project, "--instance", "closing"]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      const target = String(r.stdout).trim();
      await s.waitForScreen(target, COMPOSER, LONG);
      await waitForState(s, target, "idle", LONG);
      const before = fake.requests.length;
      // What happened, for a failure: the daemon's log of the pane and what the model was asked.
      const story = async () => {
        const logs = String((await s.cli(["daemon", "logs", "-n", "400"])).stdout).split("\n").filter((l) => l.includes(target)).join("\n");
        const asked = (fake?.requests ?? []).slice(before).map((q) => `${JSON.stringify(q.decision)} ${JSON.stringify(q.body).slice(-300)}`).join("\n");
        return `the daemon's log of ${target}:\n${logs}\nthe fake's requests since exit:\n${asked || "none"}`;
      };
      const exit = await s.cli(["exit", target]);
      assert.equal(exit.exitCode, 0, String(exit.stderr));
      assert.match(String(exit.stdout), /running skill 1\/1: \$wrapup/);
      await s.waitFor("the pane to close after the skill's turn", async () => {
        const list = JSON.parse(String((await s.cli(["list", "--json"])).stdout)) as Array<Record<string, unknown>>;
        return list.find((e) => e["pane"] === target)?.["state"] === "exited";
      }, LONG).catch(async (e: Error) => { throw new Error(`${e.message}; screen:\n${(await s.capture(target).catch(() => "(gone)")).split("\n").filter((l) => l.trim()).join("\n")}\n${await story()}`); });
      const asked = fake.requests.slice(before).some((q) => q.decision?.kind === "text" && !q.decision.side && JSON.stringify(q.body).includes("wrapup"));
      if (!asked) assert.fail(`Codex did not send the skill to the model\n${await story()}`);
    } finally {
      rmSync(config, { force: true });
    }
  });
});
