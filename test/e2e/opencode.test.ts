import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { writeConfig } from "../helpers/config.ts";
import { inboxAsk, notesOf } from "../helpers/notes.ts";
import { transitions, waitForRead } from "./harness.ts";
import { waitForState } from "../helpers/agentmux-session.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { HELLO } from "./fake-model.ts";
import { findOpencode, opencodeEnv, seedOpencodeHome } from "./opencode-home.ts";

// opencode takes several seconds to start.
const LONG = 45_000;

const opencode = findOpencode();

interface Journaled { pane: string; event: string; result: string }

describe("the real opencode in tmux against a fake Anthropic API", () => {
  let fake: FakeAnthropic | undefined;
  let server: TestServer | undefined;
  let project = "";
  let pane = "";
  let journal = "";
  let told: ReturnType<typeof notesOf> | undefined;

  const ready = (t: TestContext): TestServer | undefined => {
    if (opencode.bin !== null) return server;
    t.skip(`opencode is not available: ${opencode.reason}`);
    return undefined;
  };

  before(async () => {
    if (opencode.bin === null) {
      console.log(`skipping the opencode e2e tests: ${opencode.reason}`);
      return;
    }
    fake = await startFakeAnthropic({ port: 0 });
    // The real opencode's directory first on PATH, so test/fixtures/bin/opencode is not used.
    server = new TestServer({ PATH: `${opencode.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    // The daemon journals every event it takes: the plugin's hook events show there.
    journal = join(server.home, "events.jsonl");
    server.env["AGENTMUX_EVENT_LOG"] = journal;
    project = join(server.home, "project");
    mkdirSync(project, { recursive: true });
    const home = join(server.home, "home");
    seedOpencodeHome(home, fake.url);
    const env = opencodeEnv(home);
    // `agentmux new` hands its own XDG_CONFIG_HOME and XDG_STATE_HOME to the pane (AGENTMUX_HOME
    // still decides agentmux's places), so they must name the scratch home there too.
    for (const name of ["XDG_CONFIG_HOME", "XDG_STATE_HOME"]) server.env[name] = env[name] ?? "";
    told = notesOf(join(server.home, "notified.txt"), LONG);
    writeConfig(server.home, { notify: { command: told.command } });
    await server.start();
    await server.setServerEnv(env);
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

  const cli = async (s: TestServer, args: string[]): Promise<string> => {
    const r = await s.cli(args);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return String(r.stdout);
  };

  it("starts at opencode's prompt and answers a prompt sent with agentmux send", async (t) => {
    const s = ready(t);
    if (!s) return;
    pane = (await cli(s, ["new", "--backend", "opencode", "--dir", project, "--instance", "main"])).trim();
    assert.match(pane, /^%\d+$/);
    await s.waitForScreen(pane, /Ask anything/, LONG);
    await waitForState(s, pane, "idle", LONG); // from the screen: the plugin reports nothing before the first prompt
    await cli(s, ["send", pane, "say hello"]);
    await waitForRead(s, pane, new RegExp(HELLO.replace(".", "\\.")), LONG);
    await waitForState(s, pane, "waiting", LONG);
    // The turn's end says what it answered, not "main finished" and nothing after it.
    assert.equal(await told!.waitForNote(s, /finished/), `project:main finished: ${HELLO}`);
  });

  it("loads agentmux's plugin: the turn's states come from its hook events, with the session's token", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    const seen = await waitForEvents(s, pane, ["session-created", "session-busy", "session-idle"]);
    assert.deepEqual(seen.filter((e) => e.result === "dropped"), [], "no event was refused (wrong token)");
    const order = seen.map((e) => e.event);
    assert.ok(order.indexOf("session-busy") < order.lastIndexOf("session-idle"), `order: ${order.join(", ")}`);
    // idle (screen, at start-up), then the hooks' working and waiting.
    const states = (await transitions(s, pane)).filter((x, i) => !(i === 0 && x === "idle"));
    if (JSON.stringify(states) !== JSON.stringify(["working", "waiting"])) {
      const log = String((await s.cli(["daemon", "logs", "-n", "2000"])).stdout).split("\n").filter((l) => l.includes(pane)).join("\n");
      assert.fail(`states ${states.join(" → ")}, expected working → waiting\nthe daemon's log:\n${log}\nthe events:\n${readFileSync(journal, "utf8")}`);
    }
  });

  it("asks permission for a shell command, and runs it once allowed", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    // Inside the project, so opencode does not first ask about an external directory.
    const marker = join(project, "marker-from-opencode");
    await cli(s, ["send", pane, `E2E_TOOL E2E_CMD=${marker} please create the marker file`]);
    const dialog = await waitForRead(s, pane, /Permission required[\s\S]*Allow once/, LONG);
    assert.match(dialog, new RegExp(`touch ${marker}`));
    assert.ok(!existsSync(marker), "nothing runs before the approval");
    await waitForEvents(s, pane, ["permission-asked"]);
    await waitForState(s, pane, "blocked", LONG);
    // One text per Ask: the notification says what the inbox says is asked.
    const ask = await inboxAsk(s, pane, LONG);
    assert.equal(ask?.kind, "permission", JSON.stringify(ask));
    assert.match(ask?.summary ?? "", new RegExp(`touch ${marker}`), JSON.stringify(ask));
    assert.equal(await told!.waitForNote(s, /asks permission/), `project:main asks permission: ${ask?.summary}`);
    await cli(s, ["keys", pane, "Enter"]); // "Allow once" is selected
    await waitForEvents(s, pane, ["permission-replied"]);
    await s.waitFor(`${marker} to exist`, () => existsSync(marker), LONG);
    await waitForRead(s, pane, /Tool finished: /, LONG);
    await waitForState(s, pane, "waiting", LONG);
  });

  it("quits with /exit", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    // "send /exit" would fail: the pane closes under its check that the Return was taken.
    await cli(s, ["send", "--no-enter", pane, "/exit"]);
    await s.waitForScreen(pane, /\/exit/, LONG);
    await cli(s, ["keys", pane, "Enter"]);
    let state = "";
    await s.waitFor(`pane ${pane} to close after /exit`, async () => {
      const panes = String((await s.tmux(["list-panes", "-a", "-F", "#{pane_id} #{pane_dead}:#{pane_dead_status}"])).stdout);
      state = new RegExp(`^${pane} (.*)$`, "m").exec(panes)?.[1] ?? "gone";
      return state === "gone" || state.startsWith("1:");
    }, LONG).catch(async (e: Error) => { throw new Error(`${e.message}; screen was:\n${await s.capture(pane)}`); });
    // tmux 3.3a can miss the exit status of a pane (see claude.test.ts): dead without one counts.
    if (state !== "gone") assert.match(state, /^1:0?$/, `opencode's exit status: ${state}`);
  });
});
