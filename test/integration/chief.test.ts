import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { waitForState } from "../helpers/agentmux-session.ts";
import { daemonLogLines, writeConfig } from "../helpers/config.ts";

// The chief of staff (issue 29, src/chief/) on a real tmux server, with the fake Claude of
// test/fixtures (FAKE_SAY=<words> in a prompt is answered word for word). The scripted answer
// comes from a context command (chief.contextCommands) that prints a file the test rewrites.

interface Item { pane: string; name: string; state: string; ask: { summary: string } | null }

// A HOME of its own, and Claude's records under it (the fake agent writes real-shaped transcripts there).
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-chief-")));

describe("agentmux chief on a real tmux server", () => {
  const server = new TestServer({ HOME: userHome, CLAUDE_CONFIG_DIR: join(userHome, ".claude") });
  const say = join(server.home, "say.txt");
  const stateFile = join(server.home, "chief \"state\" #1.md");
  const config = (mode: "session" | "stateless") => writeConfig(server.home, {
    chief: { mode, backend: "claude", interval: 3600, stateFile, contextCommands: [`cat '${say}'`, "true", "printf 'agenda: review at 15:00'"] },
  });
  const cli = async (args: string[]) => {
    const r = await server.cli(args);
    assert.equal(r.exitCode, 0, `agentmux ${args.join(" ")}: ${String(r.stderr)}${String(r.stdout)}`);
    return String(r.stdout);
  };
  const status = async () => JSON.parse(await cli(["chief", "status", "--json"])) as { running: boolean; nextTick: number | null; lastTick: number | null; last: { outcome: string } | null; session: { pane: string; state: string } | null; nudges: number };
  const inbox = async () => JSON.parse(await cli(["inbox", "--json"])) as Item[];
  const notices = () => daemonLogLines(server.home).filter((l) => /notify: /.test(l));
  let chief = "";

  before(async () => {
    await server.start();
    // Pane ids above %10, as in use.
    for (let i = 0; i < 11; i++) {
      const made = String((await server.tmux(["split-window", "-d", "-t", "base", "-P", "-F", "#{pane_id}", "sleep", "60"])).stdout).trim();
      await server.tmux(["kill-pane", "-t", made]);
    }
    config("session");
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("start: a chief session asked only for today's plan, in a private directory, and the timer", async () => {
    const out = await cli(["chief", "start"]);
    const s = await status();
    assert.ok(s.session, out);
    chief = s.session.pane;
    assert.ok(Number(chief.slice(1)) > 10, chief);
    assert.match(out, /chief session started in %\d+: it asks for today's plan/);
    assert.equal(s.running, true);
    // The kickoff was the first contact: the first heartbeat is an interval later.
    assert.ok(s.nextTick !== null && s.lastTick !== null && s.nextTick - s.lastTick === 3600_000, JSON.stringify(s));
    await waitForState(server, chief, "waiting", 20_000);
    // The standing instruction went where Claude takes a system prompt; the conversation's first prompt is the kickoff alone.
    assert.match(await server.capture(chief), /"--append-system-prompt","You are the user's chief of staff/);
    const turns = JSON.parse(await cli(["read", chief, "--transcript", "--json"])) as Array<{ role: string; text: string }>;
    assert.deepEqual(turns.filter((t) => t.role === "user").map((t) => t.text), ["You are my chief of staff for today. Ask me for today's plan."]);
    const dir = String((await server.tmux(["display-message", "-p", "-t", chief, "#{@agentmux-dir}"])).stdout).trim();
    assert.equal(dir, join(server.home, "state", "chief"));
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    // A second start reuses it (--wait: no tick at once, which would be a heartbeat now).
    assert.match(await cli(["chief", "start", "--wait"]), new RegExp(`chief session: ${chief}`));
  });

  it("plan and note go to the state file (Markdown, dated) and into the waiting chief session", async () => {
    const out = await cli(["chief", "plan", "ship the release; call Ana"]);
    assert.match(out, /today's plan added to .*; submitted to the chief session/);
    const text = readFileSync(stateFile, "utf8");
    assert.match(text, /^## Plan \d{4}-\d{2}-\d{2}\n\nship the release; call Ana\n$/);
    await server.waitForScreen(chief, /Today's plan \(also saved/, 20_000);
    await waitForState(server, chief, "waiting", 20_000);
    await cli(["chief", "note", "Ana moved the call to 16:00"]);
    assert.match(readFileSync(stateFile, "utf8"), /## Note \d{4}-\d{2}-\d{2} \d\d:\d\d\n\nAna moved the call to 16:00\n$/);
    await waitForState(server, chief, "waiting", 20_000);
  });

  it("a heartbeat answered No nudge. is quiet: logged, never told, not in the inbox", async () => {
    writeFileSync(say, "FAKE_SAY=No nudge.\n");
    const before = notices().length;
    assert.match(await cli(["chief", "heartbeat"]), new RegExp(`heartbeat sent to ${chief}`));
    await server.waitFor("no nudge logged", async () => (await status()).last?.outcome === "no nudge", 30_000);
    const log = daemonLogLines(server.home).join("\n");
    assert.match(log, /chief: session tick: no nudge/);
    assert.ok(!(await inbox()).some((i) => i.pane === chief), "the chief's heartbeat answer is not in the inbox");
    assert.deepEqual(notices().slice(before), [], "no notification for a heartbeat's turn");
    // Nor counted as waiting in the status segment.
    await server.waitFor("the segment without the chief", async () => !/●/.test(String((await server.tmux(["show-options", "-gqv", "@agentmux-status"])).stdout)), 10_000);
    // The heartbeat carried the state (today's plan current) and the context commands' output.
    const transcript = JSON.parse(await cli(["read", chief, "--transcript", "--json"])) as Array<{ role: string; text: string }>;
    const beat = transcript.filter((t) => t.role === "user").at(-1)?.text ?? "";
    assert.match(beat, /\[agentmux chief heartbeat /);
    assert.match(beat, /## Plan \d{4}-\d{2}-\d{2} {3}\[today's plan: current\]/);
    assert.match(beat, /agenda: review at 15:00/);
  });

  it("a heartbeat answered Nudge: … is told, shows in the inbox and is where next goes", async () => {
    writeFileSync(say, "FAKE_SAY=Nudge: Call Ana before 16:00\n");
    await cli(["chief", "tick"]);
    await server.waitFor("the nudge told", () => notices().some((l) => /notify: chief: Call Ana before 16:00/.test(l)), 30_000);
    const item = (await inbox()).find((i) => i.pane === chief);
    assert.equal(item?.state, "waiting");
    assert.match(item?.ask?.summary ?? "", /Nudge: Call Ana before 16:00/);
    await server.waitFor("the segment counts the nudge", async () => /●1/.test(String((await server.tmux(["show-options", "-gqv", "@agentmux-status"])).stdout)), 10_000);
    // The inbox popup, at a terminal (a window of this server), lists it.
    const popup = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "node", CLI, "-L", server.name, "inbox"])).stdout).trim();
    const screen = await server.waitForScreen(popup, /chief.*Nudge: Call Ana before 16:00/, 20_000);
    if (process.env["AGENTMUX_SHOW_SCREENS"]) process.stderr.write(`${screen}\n`);
    await server.tmux(["send-keys", "-t", popup, "Escape"]);
    const next = JSON.parse(await cli(["next", "--json"])) as { pane: string; notified: string | null };
    assert.equal(next.pane, chief);
    assert.match(next.notified ?? "", /chief: Call Ana/);
  });

  it("a heartbeat never interrupts: a busy chief session is skipped, said why", async () => {
    await cli(["send", chief, "/slow"]);
    await waitForState(server, chief, "working", 10_000);
    assert.match(await cli(["chief", "heartbeat"]), new RegExp(`skipped: the chief session \\(${chief}\\) is working; a heartbeat never interrupts`));
    await waitForState(server, chief, "waiting", 20_000);
  });

  it("stateless: the last JSON object with notify decides (an echoed example does not); the nudge waits in the inbox until dismissed", async () => {
    config("stateless");
    writeFileSync(say, 'FAKE_SAY=Echoed schema: {"notify": true or false} Example: {"notify": false, "message": ""} Answer: {"notify": true, "message": "Send the invoice {#42}"}\n');
    await server.waitFor("the config reloaded", async () => /stateless/.test(await cli(["chief", "status"])), 10_000);
    assert.equal(await cli(["chief", "tick"]), "nudge: Send the invoice {#42}");
    assert.ok(notices().some((l) => /notify: chief: Send the invoice \{#42\}/.test(l)));
    const item = (await inbox()).find((i) => i.pane === "chief");
    assert.match(item?.ask?.summary ?? "", /Nudge: Send the invoice/);
    // In the inbox popup as an item of its own; Enter, having read it, dismisses it.
    const popup = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "node", CLI, "-L", server.name, "inbox"])).stdout).trim();
    const screen = await server.waitForScreen(popup, /chief.*Nudge: Send the invoice \{#42\}/, 20_000);
    if (process.env["AGENTMUX_SHOW_SCREENS"]) process.stderr.write(`${screen}\n`);
    // The highlight on the nudge (the chief session, waiting longer, is listed first), then z.
    for (let i = 0; i < 3 && !/›● waiting {2}chief {2,}\S+ +\S+ +Nudge: Send/.test(await server.capture(popup)); i++) {
      await server.tmux(["send-keys", "-t", popup, "j"]);
      await new Promise((r) => setTimeout(r, 300));
    }
    await server.tmux(["send-keys", "-t", popup, "z"]);
    await server.waitForScreen(popup, /1 chief nudge\(s\) dismissed/, 10_000);
    await server.tmux(["send-keys", "-t", popup, "Escape"]);
    assert.equal((await status()).nudges, 0);
    writeFileSync(say, 'FAKE_SAY={"notify": false, "message": "", "state_update": "not asked for"}\n');
    assert.equal(await cli(["chief", "tick"]), "no nudge");
    assert.equal((await status()).nudges, 0);
    writeFileSync(say, 'FAKE_SAY={"notify": true, "message": "Second"}\n');
    assert.equal(await cli(["chief", "tick"]), "nudge: Second");
    assert.match(await cli(["chief", "dismiss"]), /1 nudge\(s\) dismissed/);
    assert.ok(!(await inbox()).some((i) => i.pane === "chief"));
    // The model's proposals are not the user's state: nothing was written to the state file.
    assert.doesNotMatch(readFileSync(stateFile, "utf8"), /Model update/);
  });

  it("the timer survives a daemon restart: the next tick is an interval after the last", async () => {
    const before = await status();
    assert.equal(before.running, true);
    await cli(["daemon", "stop"]);
    await server.waitFor("daemon gone", async () => (await server.cli(["daemon", "status"])).exitCode !== 0, 10_000);
    const after = await status();
    assert.equal(after.running, true);
    assert.equal(after.lastTick, before.lastTick);
    assert.equal(after.nextTick, before.nextTick);
    await cli(["chief", "stop"]);
    assert.equal((await status()).running, false);
    assert.ok(existsSync(join(server.home, "state")));
  });
});
