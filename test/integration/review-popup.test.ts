import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { waitForState } from "../helpers/agentmux-session.ts";
import { commitRepo, GIT_ENV } from "../helpers/git-repo.ts";

interface Kept { comments: Array<{ path: string; line: number; side: string; quoted: string; text: string }>; queued: { message: string; comments: number } | null }

/**
 * agentmux review as a person uses it: in a terminal (a tmux window here, a popup from the menu),
 * keys move through the hunks, c comments on a line, q keeps the comments, s sends them to the
 * agent (fake Claude records every submission) or, while it works, queues them for its turn's end.
 */
describe("the review popup at a real terminal", () => {
  const server = new TestServer({ ...GIT_ENV, GIT_CONFIG_GLOBAL: "/dev/null" });
  const repo = join(server.work, "shop 'β' #3");
  const log = join(server.home, "agent.log");
  let pane = "";
  let tree = "";

  const ok = async (args: string[]) => {
    const r = await server.cli(args);
    assert.equal(r.exitCode, 0, `${args.join(" ")}: ${String(r.stderr)}`);
    return String(r.stdout);
  };
  const kept = async () => JSON.parse(await ok(["review", pane, "--json"])) as Kept;
  const submissions = () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { event: string; text?: string }).filter((e) => e.event === "submit").map((e) => e.text ?? "") : []);
  /** Open the review of the session in a window of its own; its pane id. */
  const open = async () => String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "node", CLI, "-L", server.name, "review", pane])).stdout).trim();
  const keys = (p: string, ...k: string[]) => server.tmux(["send-keys", "-t", p, ...k]);
  /** Press j until the cursor's row (marked ›) holds the text. */
  const cursorTo = async (p: string, text: string) => {
    for (let i = 0; i < 12; i++) {
      const row = (await server.capture(p)).split("\n").find((l) => l.startsWith("›")) ?? "";
      if (row.includes(text)) return;
      await keys(p, "j");
      await server.waitFor("the cursor to move", async () => ((await server.capture(p)).split("\n").find((l) => l.startsWith("›")) ?? "") !== row);
    }
    throw new Error(`the cursor never reached ${text}:\n${await server.capture(p)}`);
  };

  before(async () => {
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: log, FAKE_SLOW_MS: "6000" });
    for (let i = 0; i < 11; i++) {
      const made = String((await server.tmux(["split-window", "-d", "-t", "base", "-P", "-F", "#{pane_id}", "sleep", "60"])).stdout).trim();
      await server.tmux(["kill-pane", "-t", made]);
    }
    await commitRepo(repo, { ...server.env }, { "src/app.txt": "alpha\nbeta\ngamma\n" });
    const made = JSON.parse(await ok(["new", "--backend", "claude", "--dir", repo, "--worktree", "rv", "--detached", "--json"])) as { pane: string; worktree: { path: string } };
    pane = made.pane;
    tree = made.worktree.path;
    await waitForState(server, pane, "idle");
    writeFileSync(join(tree, "src/app.txt"), "alpha\nBETA\ngamma\n");
    writeFileSync(join(tree, "new \x1b[31mred.txt"), "a \x1b]52;c;aGk=\x07 line\n");
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("walks the files and lines; c comments on a line and q keeps it; an escape in a file never reaches the terminal", async () => {
    const p = await open();
    const screen = await server.waitForScreen(p, /review .* · file 1\/2 · 0 comments/);
    assert.match(screen, /▸ src\/app\.txt/);
    assert.match(screen, /\+BETA/);
    assert.match(screen, /new \\e\[31mred\.txt/, "the file name's escape is written out");
    assert.match(screen, /a \\e\]52;c;aGk=\\x07 line/, "so is the OSC 52 in its text");
    await cursorTo(p, "+BETA");
    await keys(p, "c");
    await server.waitForScreen(p, /^comment: █/m);
    await keys(p, "-l", "keep it lowercase, \"please\" 100% #1");
    await keys(p, "Enter");
    await server.waitForScreen(p, /· 1 comment$|· 1 comment /m);
    await keys(p, "q");
    await server.waitFor("the review to close", async () => !String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id}"])).stdout).split("\n").includes(p));
    const k = await kept();
    assert.deepEqual(k.comments, [{ path: "src/app.txt", line: 2, side: "new", quoted: "+BETA", text: "keep it lowercase, \"please\" 100% #1" }]);
    assert.equal(submissions().length, 0, "nothing sent yet");
  });

  it("s sends the kept comments as one message through the guarded submit: file:line, the quoted line, the comment", async () => {
    const p = await open();
    await server.waitForScreen(p, /· 1 comment/);
    await keys(p, "s");
    await server.waitFor("the review in the agent's submissions", () => submissions().some((t) => t.includes("src/app.txt:2")), 20_000);
    const sent = submissions().find((t) => t.includes("src/app.txt:2")) ?? "";
    assert.match(sent, /^Review comments on your changes \(1; agentmux review\)/);
    assert.match(sent, /src\/app\.txt:2\n> \+BETA\nkeep it lowercase, "please" 100% #1/);
    // The agent has the message a moment before `s` returns and the popup drops what it sent.
    await server.waitFor("the sent comments dropped from the store", async () => (await kept()).comments.length === 0, 10_000);
    assert.deepEqual((await kept()).comments, [], "sent comments are not kept");
  });

  it("a session busy with a turn: the comments are queued and typed in when its turn ends", async () => {
    await waitForState(server, pane, "waiting");
    await ok(["send", pane, "/slow"]);
    await waitForState(server, pane, "working");
    const before = submissions().length;
    const p = await open();
    await server.waitForScreen(p, /· 0 comments/);
    await cursorTo(p, "alpha");
    await keys(p, "c");
    await server.waitForScreen(p, /^comment: █/m);
    await keys(p, "-l", "why alpha?");
    await keys(p, "Enter", "s");
    await server.waitFor("the review to close", async () => !String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id}"])).stdout).split("\n").includes(p));
    const queued = (await kept()).queued;
    assert.equal(queued?.comments, 1, "queued while it works");
    assert.match(queued?.message ?? "", /src\/app\.txt:1\n> {2}alpha\nwhy alpha\?/);
    assert.equal(submissions().length, before, "nothing typed into a working session");
    await server.waitFor("the queued review typed in after the turn", () => submissions().some((t) => t.includes("why alpha?")), 30_000);
    await server.waitFor("the queue emptied", async () => (await kept()).queued === null);
  });
});
