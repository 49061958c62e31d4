import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { CLI, ROOT, TestServer } from "../helpers/tmux-server.ts";
import { writeConfig } from "../helpers/config.ts";
import { listJson, paneOption } from "../helpers/agentmux-session.ts";
import { Person, PLUGIN } from "../helpers/client.ts";

// A HOME of its own: the default project sources (~/repos/*, ...) and ~/.claude are not the user's.
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-route-")));
const FIXTURES = join(ROOT, "test", "fixtures", "route");

interface Started { args: string[]; cwd?: string }
interface Routed { ok: boolean; kind: string; pane: string; delivered: string; dir: string; submitted: boolean }

const q = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

// Both suites' sessions write under userHome (~/.claude): it goes once both are done.
after(() => rmSync(userHome, { recursive: true, force: true }));

describe("route: each kind of thing reaches the right session", () => {
  const server = new TestServer({ HOME: userHome, CLAUDE_CONFIG_DIR: join(userHome, ".claude") });
  const log = join(server.home, "agents.log");
  const repos = join(server.work, "repos");
  const api = join(repos, "api ünï #1");
  const plain = join(server.work, "plain 'dir' %x");
  const registry = join(server.work, "registry.json");
  const alpha = join(server.work, "alpha app");
  const beta = join(server.work, "beta #2 service");
  const starts = (): Started[] => {
    try {
      return readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Started & { event: string }).filter((e) => e.event === "start");
    } catch {
      return [];
    }
  };
  const routed = async (args: string[], input?: string): Promise<Routed> => {
    const r = await server.cli(["route", ...args, "--json"], input === undefined ? {} : { input });
    assert.equal(r.exitCode, 0, String(r.stderr));
    return JSON.parse(String(r.stdout)) as Routed;
  };
  /** The fake agent's input line (what sits typed, unsubmitted). */
  const inputLine = async (pane: string) => (await server.capture(pane)).split("\n").filter((l) => l.startsWith("❯")).at(-1) ?? "";
  const refused = async (args: string[], pattern: RegExp, hint: RegExp) => {
    const r = await server.cli(["route", ...args]);
    assert.notEqual(r.exitCode, 0, `${args.join(" ")} should fail`);
    const lines = String(r.stderr).trim().split("\n");
    assert.equal(lines.length, 1, String(r.stderr));
    assert.match(lines[0] ?? "", pattern);
    assert.match(lines[0] ?? "", hint);
  };
  const running = async (dir: string) => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", dir, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await server.waitForScreen(pane, /❯/);
    return pane;
  };
  /** Run route in a window of its own (a terminal, so the project picker can ask), answer it with keys. */
  const routeInWindow = async (words: string[], pattern: RegExp) => {
    const out = join(server.home, `routed-${Date.now()}.json`);
    const command = `${q(process.execPath)} ${q(CLI)} route ${words.map(q).join(" ")} --json > ${q(out)}; sleep 60`;
    const pane = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "-c", server.work, command])).stdout).trim();
    const screen = await server.waitForScreen(pane, pattern, 20_000);
    return { pane, screen, result: async () => {
      let text = "";
      await server.waitFor("route's answer", () => (text = existsSync(out) ? readFileSync(out, "utf8") : "").includes("}"), 20_000);
      return JSON.parse(text.slice(text.indexOf("{"))) as Routed;
    } };
  };

  before(async () => {
    for (const dir of [api, plain, alpha, beta]) mkdirSync(dir, { recursive: true });
    await execa("git", ["init", "-q", api]);
    await execa("git", ["-C", api, "remote", "add", "origin", "git@github.com:acme/api.git"]);
    writeFileSync(registry, JSON.stringify({ projects: [
      { id: "alpha", title: "Alpha", summary: "the web front end", repo_paths: [alpha] },
      { id: "beta", title: "Beta", summary: "billing and invoices", repo_paths: [beta] },
    ] }));
    // An account of its own, logged in: --account ranked picks the registry as the project source.
    mkdirSync(join(userHome, ".claude-ranked"), { recursive: true });
    writeFileSync(join(userHome, ".claude-ranked", ".credentials.json"), JSON.stringify({ claudeAiOauth: { accessToken: "tok-ranked" } }));
    writeConfig(server.home, {
      backends: { claude: { accounts: { ranked: join(userHome, ".claude-ranked") } } },
      route: { todoInProgress: "[-]" },
      projects: { sources: [{ account: "^ranked$", sources: [registry] }, { account: "", sources: [join(repos, "*"), plain] }] },
      ranking: { command: "cat > /dev/null; echo beta" },
      usage: { claude: { url: "http://127.0.0.1:9/none" } },
    });
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: log, HOME: userHome, CLAUDE_CONFIG_DIR: join(userHome, ".claude") });
    // Pane ids above %10.
    for (let i = 0; i < 11; i++) await server.tmux(["new-window", "-d", "sh"]);
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("a TODO is submitted as the new session's initial prompt, on its command line, and then moves to route.todoInProgress", async () => {
    const file = join(server.work, `tâches "q" #1 %.md`);
    writeFileSync(file, "# list\n- [ ] Fix the ünïcode bug\n  in the parser\n- [ ] later\n");
    const before = starts().length;
    const result = await routed([`${file}:2`, "--dir", plain]);
    assert.deepEqual([result.kind, result.delivered, result.dir, result.submitted], ["TODO item", "new", plain, true]);
    assert.match(result.pane, /^%\d{2,}$/);
    await server.waitForScreen(result.pane, /received: Fix the ünïcode bug/);
    const started = starts().slice(before);
    assert.equal(started.length, 1, "the screen shows the answer after the start is logged");
    assert.ok(started[0]?.args.includes("Fix the ünïcode bug\n\nin the parser"), JSON.stringify(started[0]?.args));
    assert.equal(readFileSync(file, "utf8"), "# list\n- [-] Fix the ünïcode bug\n  in the parser\n- [ ] later\n");
  });

  it("a GitHub URL whose repository has no clone is typed into the new session's input line, not submitted", async () => {
    const url = "https://github.com/other/thing/issues/5";
    const before = starts().length;
    const result = await routed([url, "--dir", plain]);
    assert.deepEqual([result.kind, result.delivered, result.submitted], ["GitHub URL", "new", false]);
    await server.waitFor("the URL in the input line", async () => (await inputLine(result.pane)).includes(url));
    assert.doesNotMatch(await server.capture(result.pane), /received:/);
    assert.ok(!starts().slice(before)[0]?.args.includes(url), "not on the command line");
  });

  it("a maildir file's path is typed, unsubmitted; a missing one is an error naming renames", async () => {
    const maildir = join(server.work, "Mail box #1", "INBOX", "cur");
    mkdirSync(maildir, { recursive: true });
    const mail = join(maildir, "1764583200.M1P2.host,U=7:2,S");
    copyFileSync(join(FIXTURES, "Mail", "INBOX", "cur", "1764583200.M1P2.host,U=7:2,S"), mail);
    const result = await routed([mail, "--dir", plain]);
    assert.equal(result.kind, "maildir message");
    await server.waitFor("the path in the input line", async () => (await inputLine(result.pane)).includes("1764583200.M1P2.host,U=7:2,S"));
    await refused([`${mail}X`], /mail file .* does not exist/, /renamed when their flags change/);
  });

  it("--to delivers to a running session: a Slack permalink typed, a backtrace from stdin submitted with its saved file", async () => {
    const link = "https://acme.slack.com/archives/C024BE91L/p1764583200123456";
    const first = await running(plain);
    const result = await routed([`billing broke ${link}`, "--to", first]);
    assert.deepEqual([result.kind, result.delivered, result.pane, result.submitted], ["Slack permalink", "running", first, false]);
    await server.waitFor("the permalink in the input line", async () => (await inputLine(first)).includes(link));
    const second = await running(plain);
    const trace = `TypeError: cannot read 'id'\n    at handler (/srv/api #1/routes.ts:42:17)\n    at ${"x".repeat(900)}\n`;
    const sent = await routed(["-", "--to", second], trace);
    assert.deepEqual([sent.kind, sent.delivered, sent.submitted], ["error text or backtrace", "running", true]);
    await server.waitForScreen(second, /received: Find the cause of this error and fix it/);
    const files = join(server.home, "state", "route");
    const saved = readdirSync(files).filter((f) => f.startsWith("backtrace-"));
    assert.equal(saved.length, 1);
    assert.equal(readFileSync(join(files, saved[0] ?? ""), "utf8"), trace);
  });

  it("no THING routes the paste buffer", async () => {
    const target = await running(plain);
    await server.tmux(["set-buffer", "https://github.com/acme/api/pull/9"]);
    const result = await routed(["--to", target]);
    assert.equal(result.kind, "GitHub URL");
    await server.waitFor("the URL in the input line", async () => (await inputLine(target)).includes("https://github.com/acme/api/pull/9"));
  });

  it("--selection routes the copy-mode selection of a pane, which stays selected", async () => {
    const target = await running(plain);
    const shown = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "printf 'https://github.com/acme/api/issues/77\\n'; sleep 60"])).stdout).trim();
    await server.waitForScreen(shown, /issues\/77/);
    await server.tmux(["copy-mode", "-t", shown]);
    for (const command of ["top-line", "start-of-line", "begin-selection", "end-of-line"]) await server.tmux(["send-keys", "-t", shown, "-X", command]);
    const result = await routed(["--selection", "--pane", shown, "--to", target]);
    assert.equal(result.kind, "GitHub URL");
    await server.waitFor("the URL in the input line", async () => (await inputLine(target)).includes("https://github.com/acme/api/issues/77"));
    assert.equal(String((await server.tmux(["display-message", "-p", "-t", shown, "#{selection_present}"])).stdout).trim(), "1");
    await refused(["--selection", "--pane", target], /has no copy-mode selection/, /\(select the text in copy mode first\)/);
  });

  it("a GitHub URL whose clone is in the project sources opens the picker on it: Enter starts there, the URL typed", async () => {
    const url = "https://github.com/acme/api/pull/3";
    const routing = await routeInWindow([url], /api ünï #1/);
    await server.tmux(["send-keys", "-t", routing.pane, "Enter"]);
    const result = await routing.result();
    assert.deepEqual([result.kind, result.delivered, result.dir], ["GitHub URL", "new", api]);
    await server.waitFor("the URL in the input line", async () => (await inputLine(result.pane)).includes(url));
  });

  it("--pick asks which running session, at a terminal: the one chosen gets the payload", async () => {
    const target = await running(plain);
    const name = String((await listJson(server)).find((s) => s["pane"] === target)?.["name"]);
    const routing = await routeInWindow(["https://github.com/acme/api/issues/88", "--pick"], /route to which session\?/);
    // Down to the target's row (the list is in the server's order), then Enter.
    const rows = routing.screen.split("\n").filter((l) => /%\d+\s*$/.test(l));
    const at = rows.findIndex((l) => l.includes(` ${target}`));
    assert.ok(at >= 0, `${name} ${target} listed:\n${routing.screen}`);
    for (let i = 0; i < at; i++) await server.tmux(["send-keys", "-t", routing.pane, "Down"]);
    await server.tmux(["send-keys", "-t", routing.pane, "Enter"]);
    const result = await routing.result();
    assert.deepEqual([result.delivered, result.pane], ["running", target]);
    await server.waitFor("the URL in the input line", async () => (await inputLine(target)).includes("https://github.com/acme/api/issues/88"));
  });

  it("a Slack message is ranked by its text (ranking.command) before the picker: Enter takes the top", async () => {
    const link = "https://acme.slack.com/archives/C0B/p1764583200999999";
    const routing = await routeInWindow([`invoices are wrong ${link}`, "--account", "ranked"], /beta/);
    await server.tmux(["send-keys", "-t", routing.pane, "Enter"]);
    const result = await routing.result();
    assert.deepEqual([result.kind, result.delivered, result.dir], ["Slack permalink", "new", beta]);
  });

  it("a resume line switches to the live session holding it, else resumes it where its transcript says it ran", async () => {
    const pane = await running(api);
    await server.cli(["send", pane, "remember this"]);
    await server.waitForScreen(pane, /received: remember this/);
    let id = "";
    await server.waitFor(`${pane}'s native id`, async () => (id = await paneOption(server, pane, "@agentmux-id")) !== "");
    const live = await routed([`background session stopped. Resume with: claude --resume ${id}`]);
    assert.deepEqual([live.kind, live.delivered, live.pane], ["resume line", "switched", pane]);
    await server.cli(["send", pane, "/exit"]);
    await server.waitFor(`${pane} exited`, async () => (await listJson(server)).some((s) => s["pane"] === pane && s["state"] === "exited"));
    const before = starts().length;
    const resumed = await routed([`claude --resume ${id}`]);
    assert.deepEqual([resumed.delivered, resumed.dir], ["resumed", api]);
    assert.notEqual(resumed.pane, pane);
    await server.waitFor("the resumed start", () => starts().length > before);
    const args = starts().slice(before)[0]?.args ?? [];
    assert.deepEqual(args.slice(args.indexOf("--resume"), args.indexOf("--resume") + 2), ["--resume", id]);
    await refused(["claude --resume 00000000-1111-2222-3333-444444444444"], /no Claude Code transcript records session 00000000/, /\(check the id/);
  });

  it("each bad input is a one-line error with the fix, and a non-zero exit", async () => {
    const notTodo = join(server.work, "notes #2.md");
    writeFileSync(notTodo, "just a line\n");
    await refused(["hello there"], /cannot tell what "hello there"/, /route takes: resume line .*GitHub URL, Slack permalink, TODO item, maildir message, error text or backtrace/);
    await refused([""], /nothing to route: the argument is empty/, /pass a URL/);
    await refused([`${notTodo}:1`], /line 1 of .*notes #2\.md is not an open TODO/, /\(point at a Markdown/);
    await refused([`${notTodo}:1`, "--to", "%99"], /line 1|no session/, /\(/);
    await refused(["https://github.com/a/b/issues/1", "--to", "x", "--pick"], /--to and --pick cannot be used together/, /\(--to names the session/);
    await refused(["https://github.com/a/b/issues/1", "--to", "nobody here"], /nobody here/, /\(/);
    while (String((await server.tmux(["list-buffers"])).stdout).trim() !== "") await server.tmux(["delete-buffer"]);
    await refused([], /there is no tmux paste buffer to route/, /\(copy something in tmux first/);
  });
});

describe("route's keys, as a person uses them", () => {
  const server = new TestServer({ HOME: userHome, CLAUDE_CONFIG_DIR: join(userHome, ".claude") });
  const viewer = new TestServer();
  const person = new Person(server, viewer);
  const repo = join(server.work, "repos", "api #3 ü");
  const sessionIn = async (dir: string) => (await listJson(server)).find((s) => s["dir"] === dir && s["state"] !== "exited");

  before(async () => {
    mkdirSync(repo, { recursive: true });
    await execa("git", ["init", "-q", repo]);
    await execa("git", ["-C", repo, "remote", "add", "origin", "https://github.com/acme/api.git"]);
    writeConfig(server.home, {
      route: { todoInProgress: "DOING" },
      projects: { sources: [{ account: "", sources: [join(server.work, "repos", "*")] }] },
      usage: { claude: { url: "http://127.0.0.1:9/none" } },
    });
    await server.start();
    await viewer.start();
    await server.setServerEnv({ HOME: userHome, CLAUDE_CONFIG_DIR: join(userHome, ".claude") });
    await server.tmux(["set-option", "-g", "@agentmux-daemon", "off"]);
    await server.tmux(["run-shell", PLUGIN]);
    for (let i = 0; i < 11; i++) await server.tmux(["new-window", "-d", "sh"]);
    await person.attach();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await viewer.stop();
    await server.stop();
  });

  it("C-t in copy mode routes the selection in a popup: the picker opens on the clone, Enter starts there with the URL typed", async () => {
    const shown = String((await server.tmux(["new-window", "-P", "-F", "#{pane_id}", "printf 'see https://github.com/acme/api/issues/31\\n'; sleep 120"])).stdout).trim();
    await person.waitForPane(shown);
    await person.waitForScreen(/issues\/31/);
    await person.type("C-b", "[");
    await server.waitFor("copy mode", async () => String((await server.tmux(["display-message", "-p", "-t", shown, "#{pane_in_mode}"])).stdout).trim() === "1");
    for (const command of ["top-line", "start-of-line"]) await server.tmux(["send-keys", "-t", shown, "-X", command]);
    for (let i = 0; i < 4; i++) await server.tmux(["send-keys", "-t", shown, "-X", "cursor-right"]);
    for (const command of ["begin-selection", "end-of-line"]) await server.tmux(["send-keys", "-t", shown, "-X", command]);
    await person.type("C-t");
    await person.waitForScreen(/api #3 ü/);
    await person.type("Enter");
    await server.waitFor("a session in the clone", async () => (await sessionIn(repo)) !== undefined, 20_000);
    const pane = String((await sessionIn(repo))?.["pane"]);
    await server.waitFor("the URL in its input line", async () => (await server.capture(pane)).split("\n").some((l) => l.startsWith("❯") && l.includes("https://github.com/acme/api/issues/31")));
    assert.equal(String((await server.tmux(["display-message", "-p", "-t", shown, "#{pane_in_mode}"])).stdout).trim(), "0", "copy mode was left");
    await person.waitForPane(pane);
  });

  it("prefix T routes the paste buffer: a TODO, submitted in the picked project, then moved to DOING", async () => {
    const file = join(server.work, "plan #1.org");
    writeFileSync(file, "* TODO Ship the ünï release\n  Tag it.\n* TODO next\n");
    await server.tmux(["set-buffer", `${file}:1`]);
    const before = (await listJson(server)).length;
    await person.type("C-b", "T");
    await person.waitForScreen(/api #3 ü/);
    await person.type("Enter");
    await server.waitFor("a new session", async () => (await listJson(server)).length > before, 20_000);
    const pane = String((await listJson(server)).at(-1)?.["pane"]);
    await server.waitForScreen(pane, /received: Ship the ünï release/);
    await server.waitFor("the heading moved", () => readFileSync(file, "utf8") === "* DOING Ship the ünï release\n  Tag it.\n* TODO next\n");
  });
});
