import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { FIXTURE_BIN, TestServer } from "../helpers/tmux-server.ts";

/**
 * Every door that types into a pane types only what session/typing.ts lets through: a recipient
 * that logs the raw bytes it receives sees no control byte but the paste brackets around one paste
 * and the Return a verb means, whatever the text held (a paste end marker, CR, Ctrl-C, Escape).
 * And a door that would submit refuses a draft the user left in the input line, typing nothing.
 */
describe("every door types only what may be typed", () => {
  const server = new TestServer();
  const dir = join(server.work, "proj #1 %x 'q'");
  const logs: Record<string, string> = {};
  const panes: Record<string, string> = {};

  /** The bytes a recipient received since `from` lines of its log, joined (latin1: one character a byte). */
  const bytes = (key: string, from = 0) => {
    const file = logs[key] ?? "";
    if (!existsSync(file)) return "";
    return readFileSync(file, "utf8").split("\n").filter(Boolean).slice(from).map((l) => JSON.parse(l) as string).join("");
  };
  const lines = (key: string) => (existsSync(logs[key] ?? "") ? readFileSync(logs[key] ?? "", "utf8").split("\n").filter(Boolean).length : 0);
  /** Control bytes in what arrived, but the paste brackets and a Return: none may be there. */
  const stray = (received: string) => received.replaceAll("\x1b[200~", "").replaceAll("\x1b[201~", "").replace(/\r/g, "").match(/[\x00-\x08\x0b-\x1f\x7f]/g) ?? [];

  const start = async (key: string, backend: string[]) => {
    logs[key] = join(server.home, `${key}.bytes`);
    await server.setServerEnv({ RAW_BYTES_LOG: logs[key] });
    const r = await server.cli(["new", ...backend, "--dir", dir, "--instance", key, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    panes[key] = String(r.stdout).trim();
    await server.waitForScreen(panes[key] ?? "", /raw-bytes ready/);
  };

  before(async () => {
    mkdirSync(join(dir, ".claude", "skills", "z\r\x1b[201~ls\r"), { recursive: true });
    writeFileSync(join(dir, ".claude", "skills", "z\r\x1b[201~ls\r", "SKILL.md"), "---\ndescription: a skill whose name holds control bytes\n---\nDo it.\n");
    // The recipient stands in for Claude Code (its input line is Claude's), so the draft check applies.
    writeConfig(server.home, { backends: { claude: { program: join(FIXTURE_BIN, "raw-bytes.js") } }, control: { enabled: true }, exit: { skills: ["wrap\r\x03up"] } });
    await server.start();
    for (let i = 0; i < 11; i++) await server.tmux(["new-window", "-d", "sleep 60"]);
    await start("cmd", ["--command", join(FIXTURE_BIN, "raw-bytes.js")]);
    await start("claude", ["--backend", "claude"]);
    assert.ok(Number(panes["cmd"]?.slice(1)) > 10, panes["cmd"]);
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("send: a paste end marker, CR, Ctrl-C and Escape in the text arrive as text in one paste, then one Return", async () => {
    const from = lines("cmd");
    const r = await server.cli(["send", panes["cmd"] ?? "", "a\x03b\x1b[201~c\rd\x1b[31me"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    await server.waitFor("the Return", () => bytes("cmd", from).includes("\r"));
    const received = bytes("cmd", from);
    assert.equal(received, "\x1b[200~ab[201~c\nd[31me\x1b[201~\r");
    assert.deepEqual(stray(received), []);
  });

  it("send --no-enter of one line: typed as keys, its control bytes gone, no Return", async () => {
    const from = lines("cmd");
    const r = await server.cli(["send", "--no-enter", panes["cmd"] ?? "", "x\x1by\x7fz\x15"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    await server.waitFor("the text", () => bytes("cmd", from).includes("z"));
    assert.equal(bytes("cmd", from), "xyz");
    await server.tmux(["send-keys", "-t", panes["cmd"] ?? "", "Enter"]);
  });

  it("route: a TODO holding Ctrl-C, Escape and CR reaches the session as text", async () => {
    const from = lines("cmd");
    writeFileSync(join(dir, "todo.md"), "- [ ] fix it\x03\x1b[201~ rm -rf x\x1b[2J\n  and\r this\x1b[201~\n");
    const r = await server.cli(["route", `${join(dir, "todo.md")}:1`, "--to", panes["cmd"] ?? ""]);
    assert.equal(r.exitCode, 0, `${String(r.stdout)} ${String(r.stderr)}`);
    await server.waitFor("the Return", () => bytes("cmd", from).includes("\r"));
    const received = bytes("cmd", from);
    assert.deepEqual(stray(received), [], JSON.stringify(received));
    assert.equal(received.split("\r").length, 2, `one Return: ${JSON.stringify(received)}`);
  });

  it("skill run --to: a skill name holding CR and a paste end marker is typed as one line", async () => {
    const from = lines("claude");
    const r = await server.cli(["skill", "run", "z\r\x1b[201~ls\r", "--to", panes["claude"] ?? ""]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    await server.waitFor("the Return", () => bytes("claude", from).includes("\r"));
    const received = bytes("claude", from);
    assert.equal(received, "/z [201~ls\r");
  });

  it("a draft in the input line: send, skill run and exit refuse it, quoting it, and type nothing", async () => {
    const pane = panes["claude"] ?? "";
    await server.tmux(["send-keys", "-t", pane, "-l", "half-typed draft"]);
    await server.waitForScreen(pane, /❯\u00a0half-typed draft/u);
    const from = lines("claude");
    for (const args of [["send", pane, "hello"], ["skill", "run", "z\r\x1b[201~ls\r", "--to", pane], ["exit", pane]]) {
      const r = await server.cli(args);
      assert.equal(r.exitCode, 1, `${args[0]}: ${String(r.stdout)}`);
      assert.match(String(r.stderr), /input line holds a draft \("half-typed draft"\): submitting now would send it together with this text/u, args[0]);
    }
    assert.equal(bytes("claude", from), "", "nothing typed");
    assert.match(await server.capture(pane), /❯\u00a0half-typed draft/u);
    // --no-enter adds to a draft: the verb means a draft.
    const added = await server.cli(["send", "--no-enter", pane, " more"]);
    assert.equal(added.exitCode, 0, String(added.stderr));
    await server.waitForScreen(pane, /❯\u00a0half-typed draft more/u);
    await server.tmux(["send-keys", "-t", pane, "Enter"]);
    await server.waitForScreen(pane, /submitted: half-typed draft more/u);
  });

  it("exit: a skill name holding CR and Ctrl-C is typed as one line; the chain runs", async () => {
    const pane = panes["claude"] ?? "";
    const before = lines("claude");
    // The last test's prompt was submitted through agentmux: at its prompt again, the chain starts at once.
    await server.waitFor("the turn's end", async () => {
      const rows = JSON.parse(String((await server.cli(["list", "--json"])).stdout)) as Array<Record<string, unknown>>;
      return rows.some((row) => row["pane"] === pane && (row["state"] === "idle" || row["state"] === "waiting"));
    }, 20_000);
    const r = await server.cli(["exit", pane]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /running skill 1\/1/u);
    await server.waitFor("the skill", () => bytes("claude", before).includes("\r"), 15_000);
    assert.equal(bytes("claude", before), "/wrap up\r");
  });
});
