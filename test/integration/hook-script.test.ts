import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { ROOT } from "../helpers/tmux-server.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");

/** The hook forwarder alone, with no daemon: it must always exit 0 at once and never lose an event it could write. */
describe("shell/agentmux-hook", () => {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-hook-"));
  const sock = join(dir, "daemon.sock");
  const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", AGENTMUX_SESSION: "%7", AGENTMUX_TOKEN: "tok", AGENTMUX_SOCK: sock };
  // No input means stdin is /dev/null (agent CLIs close the hook's stdin after the payload).
  const run = (args: string[], input: string | undefined, extra: Record<string, string> = {}) =>
    execa(HOOK, args, { ...(input === undefined ? { stdin: "ignore" as const } : { input }), env: { ...env, ...extra }, extendEnv: false, reject: false, timeout: 5000 });
  const spooled = () => { try { return readdirSync(join(dir, "spool")); } catch { return []; } };
  before(() => mkdirSync(join(dir, "mirror"), { recursive: true }));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("spools the event with a header and the payload, daemon or not", async () => {
    const r = await run(["Stop"], '{"session_id":"abc"}');
    assert.equal(r.exitCode, 0);
    const files = spooled();
    assert.equal(files.length, 1);
    assert.match(files[0] ?? "", /^%7\.\d+\.Stop\.sh$/);
    assert.equal(readFileSync(join(dir, "spool", files[0] ?? ""), "utf8"), 'agentmux1 Stop %7 tok 0\n{"session_id":"abc"}');
    rmSync(join(dir, "spool"), { recursive: true });
  });

  it("exits 0 with garbage, empty or no stdin", async () => {
    for (const input of ["\x00\xff not json {{{", "", undefined]) {
      const r = await run(["PostToolUse"], input);
      assert.equal(r.exitCode, 0);
      assert.equal(r.stdout + r.stderr, "");
    }
    assert.equal(spooled().length, 3);
    rmSync(join(dir, "spool"), { recursive: true });
  });

  it("exits 0 silently when the spool cannot be written", async () => {
    mkdirSync(join(dir, "spool"));
    chmodSync(join(dir, "spool"), 0o500);
    const asRoot = process.getuid?.() === 0;
    const r = await run(["Stop"], "{}");
    assert.equal(r.exitCode, 0);
    assert.equal(r.stdout + r.stderr, "");
    chmodSync(join(dir, "spool"), 0o700);
    if (!asRoot) assert.equal(spooled().length, 0);
    rmSync(join(dir, "spool"), { recursive: true });
    // A spool path that is a file, not a directory, fails for root too.
    writeFileSync(join(dir, "spool"), "x");
    const blocked = await run(["Stop"], "{}");
    assert.equal(blocked.exitCode, 0);
    assert.equal(blocked.stdout + blocked.stderr, "");
    rmSync(join(dir, "spool"));
  });

  it("exits 0 and writes nothing outside a session", async () => {
    const cases: Array<Record<string, string>> = [{ AGENTMUX_SESSION: "", TMUX_PANE: "" }, { AGENTMUX_SOCK: "" }, { AGENTMUX_SESSION: "not-a-pane" }];
    for (const extra of cases) {
      const r = await run(["Stop"], "{}", extra);
      assert.equal(r.exitCode, 0);
    }
    assert.equal(spooled().length, 0);
  });

  it("skips tool events of a session the mirror shows working, for its own token only", async () => {
    writeFileSync(join(dir, "mirror", "%7"), "working tok\n");
    await run(["PreToolUse"], "{}");
    await run(["PostToolUse"], "{}");
    assert.equal(spooled().length, 0, "dropped: already working");
    await run(["Stop"], "{}");
    assert.equal(spooled().length, 1, "a stop always goes through");
    await run(["PreToolUse"], "{}", { AGENTMUX_TOKEN: "other" });
    assert.equal(spooled().length, 2, "another process's token is not covered by the mirror");
    writeFileSync(join(dir, "mirror", "%7"), "waiting tok\n");
    await run(["PostToolUse"], "{}");
    assert.equal(spooled().length, 3, "a tool event while waiting goes through");
    rmSync(join(dir, "spool"), { recursive: true });
  });

  it("--agent NAME names the CLI in the header, for adopting panes agentmux did not start", async () => {
    await run(["--agent", "codex", "Stop"], "{}");
    const [file] = spooled();
    assert.match(readFileSync(join(dir, "spool", file ?? ""), "utf8"), /^agentmux1 Stop %7 tok codex\n/);
    rmSync(join(dir, "spool"), { recursive: true });
  });

  it("--global stands aside for sessions agentmux started", async () => {
    await run(["--global", "Stop"], "{}");
    assert.equal(spooled().length, 0);
    await run(["--global", "Stop"], "{}", { AGENTMUX_TOKEN: "", AGENTMUX_SESSION: "", TMUX_PANE: "%9" });
    assert.deepEqual(spooled().map((f) => f.replace(/\.\d+\./, ".N.")), ["%9.N.Stop.sh"]);
  });
});
