import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Person, PLUGIN } from "../helpers/client.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { exchange, paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { claudeAccounts } from "../helpers/account-homes.ts";

interface Listed { name: string; file: string; entries: Array<{ id: string; title: string; body: string }> }

/**
 * Captured prompts on a private tmux server with the fake agent: capture through a fake $EDITOR
 * (in this terminal, and in a popup on a person's client, as the key runs it), list, insert
 * (typed into the agent's input line, not submitted), and the question exit and restart ask.
 */
describe("captured prompts", () => {
  const server = new TestServer();
  const viewer = new TestServer();
  const person = new Person(server, viewer);
  const dir = join(server.work, "my dir #2 %5 'q' ü");
  const instance = "two_2";
  const label = `it's-%x-"ü"`; // labels take no spaces or '#': the directory has them
  const nextBody = join(server.home, "next-body");
  const editor = join(server.home, "fake editor");
  const withBody = (body: string) => { writeFileSync(nextBody, body); return { EDITOR: `'${editor}'`, VISUAL: "" }; };
  let pane = "";

  const list = async (): Promise<Listed> => {
    const r = await server.cli(["prompt", "list", pane, "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return JSON.parse(String(r.stdout)) as Listed;
  };
  const clearInput = async () => {
    await server.tmux(["send-keys", "-t", pane, "-N", "200", "BSpace"]);
    await server.waitForScreen(pane, /❯\u00a0\s*$/m);
  };
  const bodies = async () => (await list()).entries.map((e) => e.body);

  before(async () => {
    mkdirSync(dir, { recursive: true });
    // The editor as a person uses it: it gets the draft's path and writes the prompt into it.
    writeFileSync(editor, `#!/bin/sh\ncat '${nextBody}' >> "$1"\n`);
    chmodSync(editor, 0o755);
    const home = claudeAccounts(server, ["a", "b"], {
      backends: { claude: { accounts: { a: { home: "~/.claude-a" }, b: { home: "~/.claude-b" } } } },
      usage: { claude: { url: "http://127.0.0.1:9/none" } },
    });
    // The default home named as Claude would find it: the fake keeps its transcripts there (restart resumes one).
    server.env["CLAUDE_CONFIG_DIR"] = join(home, ".claude");
    await server.start();
    await viewer.start();
    // Pane ids above %10.
    for (let i = 0; i < 11; i++) await server.tmux(["new-window", "-d", "-t", "base"]);
    const r = await server.cli(["new", "--backend", "claude", "--dir", dir, "--instance", instance, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    assert.ok(Number(pane.slice(1)) > 10, pane);
    await waitForState(server, pane, "idle");
    // A conversation to resume when the restart test comes.
    assert.equal((await server.cli(["send", pane, "first message"])).exitCode, 0);
    await server.waitForScreen(pane, /received: first message/);
    await waitForState(server, pane, "waiting");
    const renamed = await server.cli(["rename", pane, label]);
    assert.equal(renamed.exitCode, 0, String(renamed.stderr));
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await viewer.stop();
    await server.stop();
  });

  it("capture in this terminal appends the editor's text as an entry; an untouched template adds nothing", async () => {
    const r = await server.cli(["prompt", "capture", "--no-popup", label], { env: withBody(`fix the "quoted" #1 %s ü`) });
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /captured a prompt for .*: fix the "quoted" #1 %s ü/);
    const untouched = await server.cli(["prompt", "capture", "--no-popup", pane], { env: withBody("") });
    assert.equal(untouched.exitCode, 0, String(untouched.stderr));
    assert.match(String(untouched.stdout), /nothing captured/);
    assert.deepEqual(await bodies(), [`fix the "quoted" #1 %s ü`]);
  });

  it("capture inside tmux opens the editor in a popup on the client", async () => {
    const client = await person.attach();
    const body = "second ## one\n```\n## in a fence\n```";
    const r = await server.cli(["prompt", "capture", "--client", client, pane, "--json"], { env: withBody(body) });
    assert.equal(r.exitCode, 0, String(r.stderr));
    const done = JSON.parse(String(r.stdout)) as { captured: boolean; file: string };
    assert.equal(done.captured, true);
    assert.deepEqual(await bodies(), [`fix the "quoted" #1 %s ü`, body]);
    assert.deepEqual(readdirSync(join(server.home, "state", "prompts")).filter((n) => n.endsWith(".md")).length, 1);
    assert.match(done.file, /^.*\/state\/prompts\/claude-default-my_dir_2_5_q_-two_2-[0-9a-f]{12}\.md$/);
  });

  it("the plugin's keys: prefix P c captures in a popup, prefix P i inserts from one", async () => {
    const loaded = await server.tmux(["run-shell", PLUGIN]);
    assert.equal(loaded.exitCode, 0, String(loaded.stderr));
    assert.match(String((await server.tmux(["list-keys", "-T", "agentmux-prompt"])).stdout), /prompt capture/);
    await server.setServerEnv(withBody("from the key"));
    await server.tmux(["select-window", "-t", pane]);
    await person.waitForPane(pane);
    // The table's key after the switch-client the first two ran (typed at once, it would reach the pane).
    const pressKeys = async (key: string) => { await person.type("C-b", "P"); await new Promise((done) => setTimeout(done, 300)); await person.type(key); };
    await pressKeys("c");
    await server.waitFor("the prompt captured by the key", async () => (await bodies()).includes("from the key"), 15_000).catch(async (e: Error) => {
      throw new Error(`${e.message}; the screen was:\n${await person.screen()}`);
    });
    const before = (await list()).entries.length;
    // Three pending: the popup asks which one, with the body's preview; Enter takes the one chosen.
    await pressKeys("i");
    await person.waitForScreen(/insert which captured prompt\?/);
    await person.type("Down", "Down");
    await person.waitForScreen(/❯ .*from the key[\s\S]*from the key/);
    await person.type("Enter");
    await server.waitForScreen(pane, /❯\u00a0from the key\s*$/m, 15_000);
    await server.waitFor("the entry removed", async () => (await list()).entries.length === before - 1);
    assert.deepEqual((await bodies()).includes("from the key"), false);
    await clearInput();
    await server.setServerEnv({ EDITOR: undefined, VISUAL: undefined });
  });

  it("list --all shows every session's pending prompts", async () => {
    const r = await server.cli(["prompt", "list", "--all"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /claude .*my dir #2 %5 'q' ü \[two_2\]\n {2}[0-9a-f]{8} {2}\S+ \S+ {2}fix the "quoted"/);
  });

  it("exit and restart refuse without a terminal while prompts are pending, naming the count and --yes", async () => {
    const before = await paneOption(server, pane, "@agentmux-state");
    for (const verb of ["exit", "restart"]) {
      const r = await server.cli([verb, pane]);
      assert.notEqual(r.exitCode, 0, verb);
      assert.match(String(r.stderr), new RegExp(`${verb} refused: .* has 2 captured prompts not inserted yet \\(.*--yes`));
    }
    assert.equal(await paneOption(server, pane, "@agentmux-state"), before, "nothing was done");
  });

  it("restart --yes goes ahead, and the prompts survive it (same key)", async () => {
    const id = await paneOption(server, pane, "@agentmux-id");
    const r = await server.cli(["restart", "--yes", pane]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    await waitForState(server, pane, "idle");
    assert.equal(await paneOption(server, pane, "@agentmux-id"), id);
    assert.equal((await bodies()).length, 2);
  });

  it("insert without a terminal and several pending asks for --first or --pick", async () => {
    const r = await server.cli(["prompt", "insert", pane]);
    assert.notEqual(r.exitCode, 0);
    assert.match(String(r.stderr), /2 captured prompts and no terminal to ask which \(pass --first or --pick ID/);
  });

  it("insert --pick types the body into the input line without submitting it, then removes it", async () => {
    const [first] = (await list()).entries;
    const r = await server.cli(["prompt", "insert", pane, "--pick", first!.id]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    await server.waitForScreen(pane, /❯\u00a0fix the "quoted" #1 %s ü\s*$/m);
    await new Promise((done) => setTimeout(done, 500));
    assert.doesNotMatch(await server.capture(pane), /received: fix/, "not submitted");
    assert.equal(await paneOption(server, pane, "@agentmux-state"), "idle");
    assert.deepEqual((await bodies()).length, 1);
  });

  it("insert with one entry takes it without asking; then exit needs no --yes", async () => {
    await clearInput();
    const r = await server.cli(["prompt", "insert", pane]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    await server.waitForScreen(pane, /second ## one⏎```⏎## in a fence⏎```/);
    assert.deepEqual(await bodies(), []);
    const none = await server.cli(["prompt", "insert", pane]);
    assert.notEqual(none.exitCode, 0);
    assert.match(String(none.stderr), /has no captured prompts \(capture one with agentmux prompt capture/);
  });

  it("exit --yes closes a session with pending prompts; they stay in the file", async () => {
    await server.cli(["prompt", "capture", "--no-popup", pane], { env: withBody("left for later") });
    assert.notEqual((await server.cli(["exit", pane])).exitCode, 0);
    const r = await server.cli(["exit", "--yes", "--now", pane]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const all = await server.cli(["prompt", "list", "--all", "--json"]);
    assert.match(String(all.stdout), /left for later/);
  });

  it("restart under another account carries the prompts to the session's new key", async () => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", dir, "--instance", "moving", "--account", "a", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const moving = String(r.stdout).trim();
    await waitForState(server, moving, "idle");
    await server.waitFor(`${moving}'s native id`, async () => (await paneOption(server, moving, "@agentmux-id")) !== "");
    await exchange(server, moving);
    assert.equal((await server.cli(["prompt", "capture", "--no-popup", moving], { env: withBody("follow me") })).exitCode, 0);
    const restarted = await server.cli(["restart", "--yes", "--account", "b", moving]);
    assert.equal(restarted.exitCode, 0, String(restarted.stderr));
    assert.match(String(restarted.stderr), /moved 1 captured prompt along to b/);
    await server.waitFor("the account b", async () => (await paneOption(server, moving, "@agentmux-account")) === "b");
    const listed = await server.cli(["prompt", "list", moving, "--json"]);
    const parsed = JSON.parse(String(listed.stdout)) as Listed & { account: string };
    assert.equal(parsed.account, "b");
    assert.deepEqual(parsed.entries.map((e) => e.body), ["follow me"]);
    assert.doesNotMatch(String((await server.cli(["prompt", "list", "--all", "--json"])).stdout), /"account": "a"/, "nothing left under a");
  });
});
