import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { listJson, paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { writeConfig } from "../helpers/config.ts";

interface LogEvent { event: string; pid: number; args?: string[]; text?: string }

/** Side conversations against the fake claude (its transcripts under CLAUDE_CONFIG_DIR, set for the server and the CLI alike). */
describe("side conversations", () => {
  const server = new TestServer();
  // A second server whose pane runs a person's tmux client attached to the first.
  const viewer = new TestServer();
  const claudeDir = join(server.home, "claude config");
  const log = join(server.home, "agents.log");
  // A project directory whose name needs escaping everywhere it goes.
  const work = join(server.work, "my app #1 %2 'q' \"dq\" ü");
  const project = () => join(claudeDir, "projects", work.replace(/[^a-zA-Z0-9]/g, "-"));
  const events = (): LogEvent[] => {
    try { return readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as LogEvent); } catch { return []; }
  };
  const pidOf = async (pane: string) => {
    // The pane runs agentmux-launch, which runs the fake: its start event is the newest whose args name the fork.
    return Number((await server.tmux(["display-message", "-p", "-t", pane, "#{pane_pid}"])).stdout);
  };
  const cli = (args: string[]) => server.cli(args, { env: { CLAUDE_CONFIG_DIR: claudeDir } });
  const ok = async (args: string[]) => {
    const r = await cli(args);
    assert.equal(r.exitCode, 0, `${args.join(" ")}: ${String(r.stderr)}`);
    return String(r.stdout);
  };
  const joined = async (pane: string) => String((await server.tmux(["capture-pane", "-p", "-J", "-t", pane])).stdout);
  const waitJoined = (pane: string, pattern: RegExp, timeoutMs = 10_000) => server.waitFor(`${pattern} in ${pane}`, async () => pattern.test(await joined(pane)), timeoutMs);
  const inputLine = async (pane: string) => (await joined(pane)).split("\n").filter((l) => l.startsWith("❯")).at(-1) ?? "";
  const panes = async () => String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id}"])).stdout).split("\n").filter(Boolean);
  const paneCount = async () => (await panes()).length;
  const startClaude = async (instance: string) => {
    const pane = (await ok(["new", "--backend", "claude", "--dir", work, "--instance", instance, "--detached"])).trim();
    await waitForState(server, pane, "idle");
    let id = "";
    await server.waitFor(`${pane}'s native id`, async () => (id = await paneOption(server, pane, "@agentmux-id")) !== "");
    return { pane, id };
  };
  const talk = async (pane: string, text: string) => {
    await ok(["send", pane, text]);
    await server.waitForScreen(pane, new RegExp(`received: ${text}`));
  };
  const openSide = async (args: string[]) => {
    const opened = JSON.parse(await ok(["side", ...args, "--json"])) as { pane: string; parent: string; placement: string };
    let id = "";
    await server.waitFor(`${opened.pane}'s native id`, async () => (id = await paneOption(server, opened.pane, "@agentmux-id")) !== "", 15_000);
    return { ...opened, id };
  };
  let parent = { pane: "", id: "" };

  before(async () => {
    await server.start();
    mkdirSync(work, { recursive: true });
    await server.setServerEnv({ FAKE_AGENT_LOG: log, CLAUDE_CONFIG_DIR: claudeDir });
    // Pane ids above %10.
    for (let i = 0; i < 10; i++) await server.tmux(["new-window", "-d", "sleep", "600"]);
    // Wide enough for the side beside its parent (40% of 200 columns is over side.minColumns).
    await server.tmux(["resize-window", "-t", "base", "-x", "200", "-y", "50"]);
    parent = await startClaude("main");
    assert.ok(Number(parent.pane.slice(1)) > 10, parent.pane);
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await viewer.stop();
    await server.stop();
  });

  it("refuses a conversation without a completed exchange, creating nothing", async () => {
    const before = await paneCount();
    const r = await cli(["side", parent.pane]);
    assert.notEqual(r.exitCode, 0);
    assert.match(String(r.stderr), /no completed exchange yet/);
    assert.match(String(r.stderr), /send it a message first/);
    assert.equal(await paneCount(), before);
    // A refusal leaves the selection where it was.
    await server.tmux(["copy-mode", "-t", parent.pane]);
    await server.tmux(["send-keys", "-t", parent.pane, "-X", "history-top"]);
    await server.tmux(["send-keys", "-t", parent.pane, "-X", "begin-selection"]);
    await server.tmux(["send-keys", "-t", parent.pane, "-X", "end-of-line"]);
    const r2 = await cli(["side", parent.pane, "--from-selection"]);
    assert.notEqual(r2.exitCode, 0);
    assert.match(String(r2.stderr), /send it a message first/);
    assert.equal(String((await server.tmux(["display-message", "-p", "-t", parent.pane, "#{pane_in_mode} #{selection_present}"])).stdout), "1 1");
    await server.tmux(["send-keys", "-t", parent.pane, "-X", "cancel"]);
  });

  it("--from-selection quotes the parent's copy-mode selection", async () => {
    const other = await startClaude("sel");
    await talk(other.pane, "pick this line");
    await server.tmux(["copy-mode", "-t", other.pane]);
    await server.tmux(["send-keys", "-t", other.pane, "-X", "search-backward", "received: pick"]);
    await server.tmux(["send-keys", "-t", other.pane, "-X", "begin-selection"]);
    await server.tmux(["send-keys", "-t", other.pane, "-X", "end-of-line"]);
    const side = await openSide([other.pane, "--from-selection"]);
    await server.waitFor("the selection quoted in the side", async () => /⏎⏎> received: pick this line⏎⏎$/.test(await inputLine(side.pane)));
    await server.tmux(["send-keys", "-t", other.pane, "-X", "cancel"]);
    await ok(["side", "dismiss", side.pane, "--delete"]);
  });

  it("opens beside the parent, the policy in the system prompt, a quote unsent below the boundary; the first prompt begins with the boundary", async () => {
    await talk(parent.pane, "remember marker-alpha");
    const side = await openSide([parent.pane, "--quote", "line one\nline two #{pane_id} 50%"]);
    assert.equal(side.parent, parent.pane);
    assert.equal(side.placement, "split");
    // Same window, to the right of the parent.
    const where = async (pane: string) => String((await server.tmux(["display-message", "-p", "-t", pane, "#{window_id} #{pane_left} #{pane_width} #{window_width}"])).stdout).split(" ").map((x) => x);
    const [pw, pl] = await where(parent.pane);
    const [sw, sl, width, windowWidth] = await where(side.pane);
    assert.equal(sw, pw);
    assert.ok(Number(sl) > Number(pl), `side at ${sl}, parent at ${pl}`);
    assert.ok(Math.abs(Number(width) - Number(windowWidth) * 0.4) <= 2, `side ${width} of ${windowWidth}`);
    assert.equal(await paneOption(server, side.pane, "@agentmux-side"), "1");
    assert.equal(await paneOption(server, side.pane, "@agentmux-parent"), parent.pane);
    // The fake's start args: a fork of the parent with the policy appended to the system prompt.
    const pid = await pidOf(side.pane);
    const start = events().filter((e) => e.event === "start" && e.args?.includes("--fork-session")).at(-1);
    assert.ok(start, `no fork start (pane pid ${pid})`);
    const args = start.args ?? [];
    assert.equal(args[args.indexOf("--resume") + 1], parent.id);
    const policy = args[args.indexOf("--append-system-prompt") + 1] ?? "";
    assert.match(policy, /side conversation/);
    assert.match(policy, /conventions/);
    // The quote waits in the input line, unsent, after the boundary block.
    await server.waitFor("the quote in the side's input line", async () => (await inputLine(side.pane)).includes("> line two #{pane_id} 50%⏎⏎"));
    const typed = await inputLine(side.pane);
    assert.match(typed, /^❯.<side-conversation-boundary>⏎/);
    assert.match(typed, /<\/side-conversation-boundary>⏎⏎> line one⏎> line two #\{pane_id\} 50%⏎⏎$/);
    assert.equal(events().filter((e) => e.event === "submit" && e.pid === start.pid).length, 0, "nothing was submitted");
    // The user's question goes out with the boundary before it.
    await server.tmux(["send-keys", "-t", side.pane, "-l", "what is it?"]);
    await server.tmux(["send-keys", "-t", side.pane, "Enter"]);
    await server.waitFor("the side's first prompt", () => events().some((e) => e.event === "submit" && e.pid === start.pid));
    const first = events().find((e) => e.event === "submit" && e.pid === start.pid)?.text ?? "";
    assert.ok(first.startsWith("<side-conversation-boundary>\n"), first);
    assert.ok(first.endsWith("> line one\n> line two #{pane_id} 50%\n\nwhat is it?"), first);
    // It inherited the parent's conversation.
    await ok(["send", side.pane, "/history"]);
    await waitJoined(side.pane, /history: remember marker-alpha \| <side-conversation-boundary>/);
    // Recognisable: the name, list --json's parent, side list and describe.
    const listed = (await listJson(server)).find((s) => s["pane"] === side.pane);
    assert.match(String(listed?.["name"]), / \[side\]$/);
    assert.equal(listed?.["parent"], parent.pane);
    const sides = JSON.parse(await ok(["side", "list", "--json"])) as { open: Array<{ pane: string; parentPane: string; parentName: string; parentState: string }> };
    assert.deepEqual(sides.open.map((r) => [r.pane, r.parentPane, r.parentName]), [[side.pane, parent.pane, "my app #1 %2 'q' \"dq\" ü:main"]]);
    assert.match(await ok(["side", "list"]), new RegExp(`${side.pane}\\t.*\\[side\\]\\tof my app #1 %2 'q' "dq" ü:main \\(${parent.pane}\\)\\tparent \\w+\\topen `));
    assert.match(await ok(["side", "describe", side.pane]), new RegExp(`is a side conversation of my app #1 %2 'q' "dq" ü:main \\(${parent.pane}, \\w+\\).*C-b e b goes back`));
    assert.match(await ok(["side", "describe", parent.pane]), /with 1 side conversation open/);
    // Toggle goes both ways.
    assert.equal((JSON.parse(await ok(["side", "toggle", side.pane, "--json"])) as { pane: string }).pane, parent.pane);
    assert.equal((JSON.parse(await ok(["side", "toggle", parent.pane, "--json"])) as { pane: string }).pane, side.pane);
    // The side's border names the parent's state.
    await server.waitFor("the parent's state on the side's border", async () => /parent: (waiting|idle)/.test(await paneOption(server, side.pane, "@agentmux-border")));

    // Conclude: the side's answer lands as an unsent draft after what the user typed in the parent.
    await ok(["send", "--no-enter", parent.pane, "my own words"]);
    await server.waitFor("the parent's draft", async () => (await inputLine(parent.pane)).includes("my own words"));
    const parentSubmits = events().filter((e) => e.event === "submit").length;
    const done = JSON.parse(await ok(["side", "conclude", side.pane, "--json"])) as { summary: string; parent: string };
    assert.equal(done.parent, parent.pane);
    assert.match(done.summary, /^received: This side conversation is ending/);
    await server.waitFor("the summary after the user's words", async () => /^❯.my own words⏎⏎received: This side conversation is ending/.test(await inputLine(parent.pane)));
    assert.equal(events().filter((e) => e.event === "submit").length, parentSubmits + 1, "only the handback prompt was submitted (in the side)");
    await server.waitFor("the side closed", async () => !(await panes()).includes(side.pane));
    // Clear the parent's input line for the next tests.
    await server.tmux(["send-keys", "-t", parent.pane, "-N", "600", "BSpace"]);
    await server.waitFor("the parent's input line cleared", async () => /^❯.$/.test(await inputLine(parent.pane)));
  });

  it("dismiss --delete removes exactly the fork's transcript", async () => {
    const parentNow = await startClaude("second");
    await talk(parentNow.pane, "hello there");
    const side = await openSide([parentNow.pane, "--message", "quick #{q} 5% 'x' \"y\" question\nsecond line"]);
    await waitJoined(side.pane, /received: <side-conversation-boundary>/);
    // Titled after the message.
    assert.equal(await paneOption(server, side.pane, "@agentmux-name"), "quick #{q} 5% 'x' \"y\" question [side]");
    assert.equal((await listJson(server)).find((x) => x["pane"] === side.pane)?.["name"], "quick #{q} 5% 'x' \"y\" question [side]");
    const before = readdirSync(project()).sort();
    assert.ok(before.includes(`${side.id}.jsonl`) && before.includes(`${parentNow.id}.jsonl`));
    const done = JSON.parse(await ok(["side", "dismiss", side.pane, "--delete", "--json"])) as { removed: string[] };
    assert.deepEqual(done.removed, [join(project(), `${side.id}.jsonl`)]);
    assert.deepEqual(readdirSync(project()).sort(), before.filter((n) => n !== `${side.id}.jsonl`));
    assert.ok(existsSync(join(project(), `${parentNow.id}.jsonl`)));
    await server.waitFor("the side closed", async () => !(await panes()).includes(side.pane));
  });

  it("dismiss --keep records it; side resume reopens it with the policy sent again and consumes the record", async () => {
    const side = await openSide([parent.pane, "--message", "keep me"]);
    await waitJoined(side.pane, /received: <side-conversation-boundary>/);
    await ok(["side", "dismiss", side.pane, "--keep"]);
    const links = join(server.home, "state", "side-links.json");
    const kept = (JSON.parse(readFileSync(links, "utf8")) as { links: Array<Record<string, unknown>> }).links;
    assert.equal(kept.length, 1);
    assert.deepEqual({ ...kept[0], keptAt: 0 }, { parent: parent.id, parentName: "my app #1 %2 'q' \"dq\" ü:main", fork: side.id, backend: "claude", account: "", dir: work, policyVersion: "1", keptAt: 0 });
    assert.ok(existsSync(join(project(), `${side.id}.jsonl`)), "a kept side keeps its transcript");
    const listed = JSON.parse(await ok(["side", "list", "--json"])) as { kept: Array<{ fork: string }> };
    assert.deepEqual(listed.kept.map((k) => k.fork), [side.id]);
    const resumed = JSON.parse(await ok(["side", "resume", side.id.slice(0, 8), "--json"])) as { pane: string; consumed: boolean; olderPolicy: boolean };
    assert.equal(resumed.consumed, true);
    assert.equal(resumed.olderPolicy, false);
    const start = events().filter((e) => e.event === "start" && e.args?.includes("--resume") && e.args[e.args.indexOf("--resume") + 1] === side.id && !e.args.includes("--fork-session")).at(-1);
    assert.ok(start, "a resume of the kept fork");
    assert.match(start.args?.[(start.args.indexOf("--append-system-prompt")) + 1] ?? "", /side conversation/);
    await server.waitFor("the boundary in the resumed side's input line", async () => (await inputLine(resumed.pane)).includes("<side-conversation-boundary>"));
    assert.equal(await paneOption(server, resumed.pane, "@agentmux-side"), "1");
    assert.deepEqual((JSON.parse(readFileSync(links, "utf8")) as { links: unknown[] }).links, []);
    const again = await cli(["side", "resume", side.id]);
    assert.notEqual(again.exitCode, 0);
    assert.match(String(again.stderr), /no side conversation was kept/);
    // Kept again, as if under an older policy: resuming it says so.
    await ok(["side", "dismiss", resumed.pane, "--keep"]);
    const record = JSON.parse(readFileSync(links, "utf8")) as { links: Array<Record<string, unknown>> };
    assert.equal(record.links[0]?.["fork"], side.id);
    writeFileSync(links, JSON.stringify({ links: [{ ...record.links[0], policyVersion: "0" }] }));
    const older = await cli(["side", "resume", "--json"]);
    assert.equal(older.exitCode, 0, String(older.stderr));
    assert.match(String(older.stderr), /kept under side policy 0; it runs under 1 now/);
    const olderPane = (JSON.parse(String(older.stdout)) as { pane: string; olderPolicy: boolean }).pane;
    await ok(["side", "dismiss", olderPane, "--delete"]);
    assert.ok(!existsSync(join(project(), `${side.id}.jsonl`)), "deleted at last");
  });

  it("codex: forks with `codex fork ID`, the policy as developer instructions; the fork holds the parent's prompts; dismiss deletes exactly its rollout", async () => {
    const pane = (await ok(["new", "--backend", "codex", "--dir", work, "--instance", "cx", "--detached"])).trim();
    let id = "";
    await server.waitFor(`${pane}'s native id`, async () => (id = await paneOption(server, pane, "@agentmux-id")) !== "");
    await talk(pane, "codex marker-beta");
    const side = await openSide([pane, "--message", "a codex question"]);
    const start = events().filter((e) => e.event === "start" && e.args?.[0] === "fork").at(-1);
    assert.ok(start, "a codex fork");
    // codex fork -c developer_instructions=… ID PROMPT
    assert.equal(start.args?.[3], id);
    const instructions = start.args?.[(start.args.indexOf("-c")) + 1] ?? "";
    assert.match(instructions, /^developer_instructions="This is a side conversation/);
    await waitJoined(side.pane, /received: <side-conversation-boundary>/);
    await ok(["send", side.pane, "/history"]);
    await waitJoined(side.pane, /history: codex marker-beta \| <side-conversation-boundary>/);
    const rollouts = () => {
      const all: string[] = [];
      const walk = (dir: string) => { for (const e of readdirSync(dir, { withFileTypes: true })) { if (e.isDirectory()) walk(join(dir, e.name)); else all.push(join(dir, e.name)); } };
      walk(join(server.home, "codex-home", "sessions"));
      return all.sort();
    };
    const before = rollouts();
    const mine = before.filter((f) => f.endsWith(`-${side.id}.jsonl`));
    assert.equal(mine.length, 1);
    const done = JSON.parse(await ok(["side", "dismiss", side.pane, "--delete", "--json"])) as { removed: string[] };
    assert.deepEqual(done.removed, mine);
    assert.deepEqual(rollouts(), before.filter((f) => !mine.includes(f)));
    assert.ok(rollouts().some((f) => f.endsWith(`-${id}.jsonl`)), "the parent's rollout stays");
  });

  it("a window too narrow for side.minColumns opens the side in a window of its own", async () => {
    const narrow = await startClaude("narrow");
    await talk(narrow.pane, "tiny");
    const window = String((await server.tmux(["display-message", "-p", "-t", narrow.pane, "#{window_id}"])).stdout);
    await server.tmux(["resize-window", "-t", window, "-x", "100"]);
    const side = await openSide([narrow.pane, "--message", "narrow question"]);
    assert.equal(side.placement, "window");
    assert.notEqual(String((await server.tmux(["display-message", "-p", "-t", side.pane, "#{window_id}"])).stdout), window);
    assert.equal(String((await server.tmux(["display-message", "-p", "-t", side.pane, "#{window_name}"])).stdout), "narrow question [side]");
    await ok(["side", "dismiss", side.pane, "--delete"]);
  });

  it("send-selection quotes the paste buffer into the parent's input line from its side, unsent", async () => {
    const side = await openSide([parent.pane, "--message", "selection test"]);
    await waitJoined(side.pane, /received: <side-conversation-boundary>/);
    await server.tmux(["set-buffer", "--", "quoted #{x} 10% 'it'"]);
    const r = JSON.parse(await ok(["side", "send-selection", side.pane, "--json"])) as { pane: string };
    assert.equal(r.pane, parent.pane);
    await server.waitFor("the quote in the parent's input line", async () => (await inputLine(parent.pane)) === "❯\u00a0> quoted #{x} 10% 'it'⏎⏎");
    // A copy-mode selection wins over the buffer.
    await server.tmux(["copy-mode", "-t", parent.pane]);
    await server.tmux(["send-keys", "-t", parent.pane, "-X", "history-top"]);
    await server.tmux(["send-keys", "-t", parent.pane, "-X", "begin-selection"]);
    await server.tmux(["send-keys", "-t", parent.pane, "-X", "end-of-line"]);
    const selected = JSON.parse(await ok(["side", "send-selection", parent.pane, "--json"])) as { pane: string };
    assert.equal(selected.pane, side.pane);
    await server.waitFor("the selection in the side's input line", async () => /^❯.> claude fake agent ready/.test(await inputLine(side.pane)));
    await server.tmux(["send-keys", "-t", parent.pane, "-X", "cancel"]);
    await ok(["side", "dismiss", side.pane, "--delete"]);
    await server.tmux(["send-keys", "-t", parent.pane, "-N", "200", "BSpace"]);
  });

  it("a person looking at the side hears once when its parent finishes its turn", async () => {
    const watched = await startClaude("watched");
    await talk(watched.pane, "before the side");
    const side = await openSide([watched.pane, "--message", "watching"]);
    await waitJoined(side.pane, /received: <side-conversation-boundary>/);
    await server.tmux(["set-option", "-g", "display-time", "20000"]);
    await server.tmux(["select-window", "-t", side.pane]);
    await viewer.start();
    await viewer.tmux(["send-keys", "-t", "base", `env -u TMUX tmux -L ${server.name} attach -t base`, "Enter"]);
    await server.waitFor("client attached", async () => String((await server.tmux(["list-clients", "-F", "#{client_control_mode}"])).stdout).split("\n").includes("0"));
    await ok(["send", watched.pane, "parent works on"]);
    await viewer.waitForScreen("base", /\(the parent\) finished its turn/, 15_000);
    assert.match(await paneOption(server, side.pane, "@agentmux-border"), /parent: (waiting|idle)/);
    await ok(["side", "dismiss", side.pane, "--delete"]);
  });

  it("conclude leaves the side open, saying so, when the parent goes away while it summarises", async () => {
    const doomed = await startClaude("doomed");
    await talk(doomed.pane, "soon gone");
    const side = await openSide([doomed.pane, "--message", "a last question"]);
    await waitJoined(side.pane, /received: <side-conversation-boundary>/);
    // A summary that takes a while (the fake's slow turn), and the parent killed meanwhile.
    writeConfig(server.home, { side: { handbackPrompt: "/slow" } });
    try {
      const concluding = cli(["side", "conclude", side.pane]);
      await server.waitFor("the summary turn", async () => (await paneOption(server, side.pane, "@agentmux-state")) === "working");
      await ok(["kill", doomed.pane, "--yes"]);
      const r = await concluding;
      assert.notEqual(r.exitCode, 0);
      assert.match(String(r.stderr), /stays open: its parent went away while it summarised/);
      assert.ok((await panes()).includes(side.pane), "the side is still open");
      assert.match(await ok(["side", "describe", side.pane]), /whose parent is gone/);
    } finally {
      writeConfig(server.home, {});
    }
    const again = await cli(["side", "conclude", side.pane]);
    assert.notEqual(again.exitCode, 0);
    assert.match(String(again.stderr), /stays open: its parent %\d+ is gone/);
    await ok(["side", "dismiss", side.pane, "--delete"]);
  });

  it("conclude leaves the side open, saying so, when its summary comes back empty; the parent's input is untouched", async () => {
    const side = await openSide([parent.pane, "--message", "a question with no answer to hand back"]);
    await waitJoined(side.pane, /received: <side-conversation-boundary>/);
    writeConfig(server.home, { side: { handbackPrompt: "/empty" } });
    try {
      const r = await cli(["side", "conclude", side.pane]);
      assert.notEqual(r.exitCode, 0);
      assert.match(String(r.stderr), /its summary came back empty/);
      assert.ok((await panes()).includes(side.pane), "the side is still open");
      assert.equal((await inputLine(parent.pane)).replace(/^❯\s*/u, ""), "", "nothing typed into the parent");
    } finally {
      writeConfig(server.home, {});
    }
    await ok(["side", "dismiss", side.pane, "--delete"]);
  });

  it("conclude refuses a draft the user left in the side's input line: the hand-back prompt would be sent with it", async () => {
    const side = await openSide([parent.pane, "--message", "a question"]);
    await waitJoined(side.pane, /received: <side-conversation-boundary>/);
    await server.tmux(["send-keys", "-t", side.pane, "-l", "half-typed draft"]);
    await server.waitFor("the draft", async () => (await inputLine(side.pane)).includes("half-typed draft"));
    const r = await cli(["side", "conclude", side.pane]);
    assert.notEqual(r.exitCode, 0);
    assert.match(String(r.stderr), /input line holds a draft \("half-typed draft"\)/);
    assert.ok((await panes()).includes(side.pane), "the side is still open");
    assert.match(await inputLine(side.pane), /half-typed draft$/u, "the draft is as it was");
    assert.ok(!events().some((e) => e.event === "submit" && String(e["text"] ?? "").includes("half-typed draft")), "nothing was submitted");
    await ok(["side", "dismiss", side.pane, "--delete"]);
  });

  it("refuses a plain command and a backend that cannot fork, naming why, creating nothing", async () => {
    const plain = (await ok(["new", "--command", "sleep 600", "--dir", work, "--detached"])).trim();
    const gemini = (await ok(["new", "--backend", "gemini", "--dir", work, "--instance", "gem", "--detached"])).trim();
    const before = await paneCount();
    const r1 = await cli(["side", plain]);
    assert.notEqual(r1.exitCode, 0);
    assert.match(String(r1.stderr), /plain command has no conversation to fork/);
    const r2 = await cli(["side", gemini]);
    assert.notEqual(r2.exitCode, 0);
    assert.match(String(r2.stderr), /Gemini CLI cannot fork/);
    assert.equal(await paneCount(), before);
  });

  it("conclude refuses a session that is not a side; toggle from a parent without sides says so", async () => {
    const r = await cli(["side", "conclude", parent.pane]);
    assert.notEqual(r.exitCode, 0);
    assert.match(String(r.stderr), /is not a side conversation/);
    const t = await cli(["side", "toggle", parent.pane]);
    assert.notEqual(t.exitCode, 0);
    assert.match(String(t.stderr), /has no side conversation open/);
  });
});
