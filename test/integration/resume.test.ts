import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { claudeAccounts } from "../helpers/account-homes.ts";
import { listJson, paneOption } from "../helpers/agentmux-session.ts";

const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-resume-")));

interface Started { args: string[]; env: { CLAUDE_CONFIG_DIR?: string } }
interface Row { id: string; backend: string; account: string | null; dir: string; firstPrompt: string; live: boolean; pane: string | null }

describe("resume: a past conversation of the directory, under the account it ran under", () => {
  const server = new TestServer({ HOME: userHome, CLAUDE_CONFIG_DIR: join(userHome, ".claude") });
  const log = join(server.home, "agents.log");
  const dir = join(server.work, "résumé dir #1 %y");
  const empty = join(server.work, "empty");
  const starts = (): Started[] => {
    try {
      return readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Started & { event: string }).filter((e) => e.event === "start");
    } catch {
      return [];
    }
  };
  const windows = async () => String((await server.tmux(["list-windows", "-a", "-F", "#{window_id}"])).stdout).split("\n").filter(Boolean).length;
  /** A session that ran in dir under account, answered prompt, and exited. */
  const pastSession = async (prompt: string, account?: string) => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", dir, "--detached", ...(account ? ["--account", account] : [])]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await server.waitForScreen(pane, /❯/);
    await server.cli(["send", pane, prompt]);
    await server.waitForScreen(pane, new RegExp(`received: ${prompt}`));
    let id = "";
    await server.waitFor(`${pane}'s native id`, async () => (id = await paneOption(server, pane, "@agentmux-id")) !== "");
    await server.cli(["send", pane, "/exit"]);
    await server.waitFor(`${pane} exited`, async () => (await listJson(server)).some((s) => s["pane"] === pane && s["state"] === "exited"));
    return { pane, id };
  };
  const rowsOf = async (args: string[]) => {
    const r = await server.cli(["resume", ...args, "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return JSON.parse(String(r.stdout)) as Row[];
  };
  let first = { pane: "", id: "" };
  let second = { pane: "", id: "" };

  before(async () => {
    claudeAccounts(server, ["a"], { backends: { claude: { accounts: { a: { home: "~/.claude-a" } } } }, usage: { claude: { url: "http://127.0.0.1:9/none" } } }, { home: userHome });
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: log });
    for (let i = 0; i < 11; i++) await server.tmux(["new-window", "-d", "sh"]);
    await server.tmux(["kill-window", "-a", "-t", "base:0"]);
    mkdirSync(dir, { recursive: true });
    mkdirSync(empty, { recursive: true });
    first = await pastSession("older under a", "a");
    second = await pastSession("newer without account");
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("lists the directory's conversations newest first, each with its account; without a terminal it prints them", async () => {
    const rows = await rowsOf(["--dir", dir]);
    assert.deepEqual(rows.map((r) => r.id), [second.id, first.id], JSON.stringify(rows));
    assert.deepEqual(rows.map((r) => r.account), [null, "a"]);
    assert.deepEqual(rows.map((r) => r.firstPrompt), ["newer without account", "older under a"]);
    assert.ok(rows.every((r) => r.dir === dir && r.backend === "claude" && !r.live));
    const printed = await server.cli(["resume", "--dir", dir]);
    assert.equal(printed.exitCode, 0, String(printed.stderr));
    assert.match(String(printed.stdout), /^newer without account .*résumé dir #1 %y .*past .*claude/m);
    assert.match(String(printed.stdout), /^older under a .*account a/m);
    assert.deepEqual((await rowsOf(["--dir", dir, "--account", "a"])).map((r) => r.id), [first.id]);
    assert.deepEqual(await rowsOf(["--dir", empty]), []);
    assert.ok((await rowsOf(["--all"])).some((r) => r.id === first.id));
    const none = await server.cli(["resume", "--dir", empty]);
    assert.equal(none.exitCode, 0);
    assert.match(String(none.stdout), /no past conversation in .*empty/);
  });

  it("--last resumes the newest in a new window, in its directory", async () => {
    const before = starts().length;
    const windowsBefore = await windows();
    const r = await server.cli(["resume", "--dir", dir, "--last", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const done = JSON.parse(String(r.stdout)) as { pane: string; resumed: boolean };
    assert.equal(done.resumed, true);
    assert.equal(await windows(), windowsBefore + 1);
    await server.waitFor("the resumed process", () => starts().length > before);
    const started = starts().at(-1) as Started;
    assert.equal(started.args[started.args.indexOf("--resume") + 1], second.id);
    assert.equal(await paneOption(server, done.pane, "@agentmux-dir"), dir);
    assert.equal(await paneOption(server, done.pane, "@agentmux-id"), second.id);
    await server.waitForScreen(done.pane, /❯/);
    await server.cli(["send", done.pane, "/history"]);
    await server.waitForScreen(done.pane, /history: newer without account/);
    // Its exited entry left the list: the new pane holds it.
    assert.ok(!(await listJson(server)).some((s) => s["pane"] === second.pane), "the exited entry is gone");
  });

  it("--pick resumes under the account it ran under; a conversation already live is switched to, not started twice", async () => {
    const before = starts().length;
    const r = await server.cli(["resume", "--dir", dir, "--pick", first.id]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), new RegExp(`resumed claude conversation ${first.id} in %\\d+ under a`));
    const pane = /in (%\d+)/.exec(String(r.stdout))?.[1] ?? "";
    assert.ok(Number(pane.slice(1)) > 10, pane);
    await server.waitFor("the resumed process", () => starts().length > before);
    assert.equal((starts().at(-1) as Started).env.CLAUDE_CONFIG_DIR, join(userHome, ".claude-a"));
    assert.equal(await paneOption(server, pane, "@agentmux-account"), "a");
    await server.waitForScreen(pane, /❯/);
    const windowsBefore = await windows();
    const startsBefore = starts().length;
    const again = await server.cli(["resume", "--dir", dir, "--pick", first.id]);
    assert.equal(again.exitCode, 0, String(again.stderr));
    assert.match(String(again.stdout), new RegExp(`switched to ${pane}`));
    assert.equal(await windows(), windowsBefore);
    assert.equal(starts().length, startsBefore);
    const listed = await rowsOf(["--dir", dir]);
    assert.equal(listed.find((row) => row.id === first.id)?.pane, pane);
  });

  it("refuses what it cannot do: --last with nothing to resume, an unknown id, a backend without readable conversations", async () => {
    const last = await server.cli(["resume", "--dir", empty, "--last"]);
    assert.notEqual(last.exitCode, 0);
    assert.match(String(last.stderr), /no past conversation in .*empty/);
    const unknown = await server.cli(["resume", "--dir", dir, "--pick", "no-such-id"]);
    assert.notEqual(unknown.exitCode, 0);
    assert.match(String(unknown.stderr), /no conversation no-such-id/);
    const gemini = await server.cli(["resume", "--backend", "gemini"]);
    assert.notEqual(gemini.exitCode, 0);
    assert.match(String(gemini.stderr), /cannot read Gemini CLI's past conversations/);
  });

  it("at a terminal it is a picker: Enter on the newest (live) switches to its pane", async () => {
    const rows = await rowsOf(["--dir", dir]);
    const newest = rows[0];
    assert.ok(newest?.pane, JSON.stringify(rows));
    const shell = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "-c", dir, "sh"])).stdout).trim();
    await server.tmux(["send-keys", "-t", shell, `node ${CLI} resume; echo "exit=$?"`, "Enter"]);
    await server.waitForScreen(shell, /resume a conversation of .*résumé dir #1 %y[\s\S]*newer without account/);
    await server.tmux(["send-keys", "-t", shell, "Enter"]);
    await server.waitForScreen(shell, new RegExp(`switched to ${newest.pane}[\\s\\S]*exit=0`));
  });
});
