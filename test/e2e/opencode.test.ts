import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { waitForRead } from "./harness.ts";
import { waitForState } from "../helpers/agentmux-session.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { HELLO } from "./fake-model.ts";
import { findOpencode, opencodeEnv, seedOpencodeHome } from "./opencode-home.ts";

// opencode takes several seconds to start.
const LONG = 45_000;

const opencode = findOpencode();

describe("the real opencode in tmux against a fake Anthropic API", () => {
  let fake: FakeAnthropic | undefined;
  let server: TestServer | undefined;
  let project = "";
  let pane = "";

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
    project = join(server.home, "project");
    mkdirSync(project, { recursive: true });
    const home = join(server.home, "home");
    seedOpencodeHome(home, fake.url);
    const env = opencodeEnv(home);
    // `agentmux new` hands its own XDG_CONFIG_HOME and XDG_STATE_HOME to the pane (AGENTMUX_HOME
    // still decides agentmux's places), so they must name the scratch home there too.
    for (const name of ["XDG_CONFIG_HOME", "XDG_STATE_HOME"]) server.env[name] = env[name] ?? "";
    await server.start();
    await server.setServerEnv(env);
  });

  after(async () => {
    await server?.stop();
    await fake?.close();
  });



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
    await waitForState(s, pane, "idle", LONG); // from the screen: opencode has no shell hooks
    await cli(s, ["send", pane, "say hello"]);
    await waitForRead(s, pane, new RegExp(HELLO.replace(".", "\\.")), LONG);
    await waitForState(s, pane, "waiting", LONG);
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
    await waitForState(s, pane, "blocked", LONG);
    await cli(s, ["keys", pane, "Enter"]); // "Allow once" is selected
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
