import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { daemonLogLines, writeConfig } from "../helpers/config.ts";
import { waitForState } from "../helpers/agentmux-session.ts";
import { LONG } from "./harness.ts";
import { claudeEnv, findClaude, seedClaudeHome } from "./claude-home.ts";
import { codexEnv, findCodex, seedCodexHome } from "./codex-home.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai.ts";

// The chief of staff (issue 29) with the real Claude Code and Codex against the fake model
// servers. The fakes answer E2E_SAY=<words> word for word; a context command (chief.contextCommands)
// prints the file `say`, so each tick's prompt scripts the model's answer. The CLI, its system
// prompt flag, the heartbeat typed into its input line, its transcript and its non-interactive
// mode are the real ones.

interface Item { pane: string; state: string; ask: { summary: string } | null }
interface Status { last: { outcome: string } | null; session: { pane: string; state: string } | null; nudges: number }

const defined = (env: Record<string, string | undefined>): Record<string, string> => Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));

function chiefCase(label: "Claude Code" | "Codex", backend: "claude" | "codex") {
  describe(`the chief with the real ${label} against a fake model server`, () => {
    const found = backend === "claude" ? findClaude() : findCodex();
    let anthropic: FakeAnthropic | undefined;
    let openai: FakeOpenAI | undefined;
    let server: TestServer | undefined;
    let root = "";
    let say = "";
    let chiefDir = "";
    let pane = "";

    const ready = (t: TestContext): TestServer | undefined => {
      if (found.bin !== null) return server;
      t.skip(`${label} is not available: ${found.reason}`);
      return undefined;
    };
    const cli = async (s: TestServer, args: string[]): Promise<string> => {
      const r = await s.cli(args);
      assert.equal(r.exitCode, 0, `agentmux ${args.join(" ")}: ${String(r.stderr)}${String(r.stdout)}`);
      return String(r.stdout);
    };
    const status = async (s: TestServer) => JSON.parse(await cli(s, ["chief", "status", "--json"])) as Status;
    const inbox = async (s: TestServer) => JSON.parse(await cli(s, ["inbox", "--json"])) as Item[];
    const notices = (s: TestServer) => daemonLogLines(s.home).filter((l) => /notify: /.test(l));
    const configure = (s: TestServer, mode: "session" | "stateless") => writeConfig(s.home, {
      chief: { mode, backend, interval: 3600, directory: chiefDir, stateFile: join(root, "chief.md"), contextCommands: [`cat '${say}'`] },
    });

    before(async () => {
      if (found.bin === null) return;
      root = realpathSync(mkdtempSync(join(tmpdir(), `agentmux-e2e-chief-${backend}-`)));
      say = join(root, "say.txt");
      const home = join(root, "home");
      mkdirSync(home, { recursive: true });
      chiefDir = join(root, "chief é #1");
      mkdirSync(chiefDir, { recursive: true });
      let env: Record<string, string>;
      if (backend === "claude") {
        anthropic = await startFakeAnthropic({ port: 0 });
        const configDir = join(root, "claude config");
        seedClaudeHome(configDir, { projects: [chiefDir], apiKey: "dummy", version: found.bin === null ? "" : found.version });
        env = claudeEnv(configDir, anthropic.url);
      } else {
        openai = await startFakeOpenAI({ port: 0 });
        const codexHome = join(home, ".codex");
        seedCodexHome(codexHome, { projects: [chiefDir], providerUrl: openai.url });
        env = defined(codexEnv(codexHome));
      }
      // The daemon runs the stateless calls: it needs the CLI's environment too, not only the panes.
      server = new TestServer({ PATH: `${found.bin === null ? "" : found.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}`, ...env, HOME: home });
      await server.start();
      await server.setServerEnv({ ...env, HOME: home });
      configure(server, "session");
    });
    after(async () => {
      try {
        await server?.cli(["daemon", "stop"]);
        await server?.stop();
      } finally {
        await anthropic?.close();
        await openai?.close();
        if (root) rmSync(root, { recursive: true, force: true });
      }
    });

    it("session mode: start asks for the plan; a heartbeat answered No nudge. is quiet, one answered Nudge: reaches the inbox", async (t) => {
      const s = ready(t);
      if (!s) return;
      writeFileSync(say, "E2E_SAY=No nudge.\n");
      await cli(s, ["chief", "start"]);
      pane = (await status(s)).session?.pane ?? "";
      assert.match(pane, /^%\d+$/);
      await waitForState(s, pane, "waiting", 2 * LONG);
      // The kickoff's turn is an ordinary one: its end is told (once its answer is read, which for
      // Codex comes a moment after the state). Counted from after it.
      await s.waitFor("the kickoff's turn told", () => notices(s).some((l) => /notify: .*chief finished: /.test(l)), LONG);
      const before = notices(s).length;
      assert.match(await cli(s, ["chief", "heartbeat"]), /heartbeat sent to|answered already/);
      await s.waitFor("no nudge", async () => (await status(s)).last?.outcome === "no nudge", 2 * LONG);
      assert.ok(!(await inbox(s)).some((i) => i.pane === pane), "the heartbeat's answer is not in the inbox");
      assert.deepEqual(notices(s).slice(before), []);

      writeFileSync(say, "E2E_SAY=Nudge: Call Ana before 16:00\n");
      await cli(s, ["chief", "tick"]);
      await s.waitFor("the nudge told", () => notices(s).some((l) => /notify: chief: Call Ana before 16:00/.test(l)), 2 * LONG);
      await s.waitFor("the nudge in the inbox", async () => (await inbox(s)).some((i) => i.pane === pane && /Nudge: Call Ana before 16:00/.test(i.ask?.summary ?? "")), LONG);
      const seen = (anthropic?.requests ?? openai?.requests ?? []).map((r) => JSON.stringify(r.body));
      assert.ok(seen.some((b) => b.includes("chief of staff, run by agentmux")), "the standing instruction reached the model as its system prompt");
      assert.ok(seen.some((b) => b.includes("[agentmux chief heartbeat ")), "the heartbeat reached the model");
    });

    it("stateless mode: one non-interactive call; the last JSON object with notify decides, after an echoed example", async (t) => {
      const s = ready(t);
      if (!s) return;
      configure(s, "stateless");
      writeFileSync(say, 'E2E_SAY=Example: {"notify": false, "message": ""} Answer: {"notify": true, "message": "Send the invoice to Ana"}\n');
      await s.waitFor("the config reloaded", async () => /stateless/.test(await cli(s, ["chief", "status"])), 10_000);
      assert.equal((await cli(s, ["chief", "tick"])).trim(), "nudge: Send the invoice to Ana");
      assert.ok(notices(s).some((l) => /notify: chief: Send the invoice to Ana/.test(l)));
      assert.ok((await inbox(s)).some((i) => i.pane === "chief" && /Send the invoice to Ana/.test(i.ask?.summary ?? "")));
      await cli(s, ["chief", "dismiss"]);
      configure(s, "session");
    });
  });
}

chiefCase("Claude Code", "claude");
chiefCase("Codex", "codex");
