import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { LONG } from "./harness.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { codexEnv, findCodex, seedCodexHome } from "./codex-home.ts";
import { startFakeOpenAI, type FakeOpenAI, type LoggedRequest } from "./fake-openai.ts";
import { isObject } from "./fake-model.ts";

// Issue #15 against the real Codex: `codex fork` carries the parent's conversation into a branch
// and a side, and the side policy reaches the model in the boundary that opens the side's first
// prompt (a fork takes no new developer instructions).

const BOUNDARY = "<side-conversation-boundary>";
const POLICY_LINE = "Do not continue the parent's task";
const codex = findCodex();

const items = (r: LoggedRequest) => (isObject(r.body) && Array.isArray(r.body["input"]) ? (r.body["input"] as unknown[]).filter(isObject) : []);
const textOf = (item: Record<string, unknown>) => (Array.isArray(item["content"]) ? (item["content"] as unknown[]).filter(isObject).map((c) => String(c["text"] ?? "")).join("\n") : String(item["content"] ?? ""));

describe("branches and side conversations with the real Codex against a fake OpenAI API", () => {
  let fake: FakeOpenAI | undefined;
  let server: TestServer | undefined;
  let project = "";

  const ready = (t: TestContext): TestServer | undefined => {
    if (codex.bin !== null) return server;
    t.skip(`Codex is not available: ${codex.reason}`);
    return undefined;
  };
  const cli = async (s: TestServer, ...args: string[]): Promise<string> => {
    const r = await s.cli(args);
    assert.equal(r.exitCode, 0, `agentmux ${args.join(" ")}: ${String(r.stderr)}${String(r.stdout)}`);
    return String(r.stdout);
  };
  const json = async <T>(s: TestServer, ...args: string[]): Promise<T> => JSON.parse(await cli(s, ...args, "--json")) as T;
  /** The requests whose last user message holds text. */
  const requestsWith = (text: string) => (fake?.requests ?? []).filter((r) => {
    const user = items(r).filter((i) => i["role"] === "user").at(-1);
    return user !== undefined && textOf(user).includes(text);
  });
  const atComposer = async (s: TestServer, pane: string) => {
    await s.waitForScreen(pane, /Ask Codex to do anything|^› /m, LONG);
  };

  before(async () => {
    if (codex.bin === null) return;
    fake = await startFakeOpenAI({ port: 0 });
    const home = join(mkdtempSync(join(tmpdir(), "agentmux-codex-")), "home");
    const codexHome = join(home, ".codex");
    server = new TestServer({ PATH: `${codex.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}`, CODEX_HOME: codexHome });
    project = join(server.home, "codex project é");
    mkdirSync(project, { recursive: true });
    seedCodexHome(codexHome, { projects: [project], providerUrl: fake.url });
    await server.start();
    await server.setServerEnv({ ...codexEnv(codexHome), HOME: home });
  });

  after(async () => {
    try { await server?.stop(); } finally { await fake?.close(); }
  });

  let parent = "";
  it("a branch (codex fork) answers from the parent's conversation", async (t) => {
    const s = ready(t);
    if (!s) return;
    parent = (await cli(s, "new", "--backend", "codex", "--dir", project, "--instance", "main")).trim();
    await atComposer(s, parent);
    await waitForState(s, parent, "idle", LONG);
    await cli(s, "send", parent, "remember MARK-codex please");
    await waitForState(s, parent, "waiting", LONG);
    let parentId = "";
    await s.waitFor("the parent's thread id", async () => (parentId = await paneOption(s, parent, "@agentmux-id")) !== "", LONG);
    const branched = await json<{ pane: string; forkedFrom: string }>(s, "branch", parent);
    assert.equal(branched.forkedFrom, parentId);
    await atComposer(s, branched.pane);
    await cli(s, "send", branched.pane, "E2E_RECALL what did I ask?");
    await s.waitForScreen(branched.pane, /recall: MARK-codex/, LONG);
    let forkId = "";
    await s.waitFor("the fork's thread id", async () => (forkId = await paneOption(s, branched.pane, "@agentmux-id")) !== "", LONG);
    assert.notEqual(forkId, parentId);
  });

  it("a side: the boundary opens the first prompt and carries the policy, the history is there", async (t) => {
    const s = ready(t);
    if (!s || !parent) return;
    const opened = await json<{ pane: string; parent: string }>(s, "side", parent, "--message", "E2E_RECALL from the side");
    assert.equal(opened.parent, parent);
    await s.waitForScreen(opened.pane, /recall: MARK-codex/, LONG);
    const first = requestsWith("E2E_RECALL from the side")[0];
    assert.ok(first, "the side's first prompt reached the model");
    const user = items(first).filter((i) => i["role"] === "user").at(-1);
    assert.ok(user && textOf(user).trimStart().startsWith(BOUNDARY), `the first prompt: ${user ? textOf(user).slice(0, 80) : "none"}`);
    // Codex 0.171 keeps a fork's developer messages as the parent had them: the override does not
    // reach a fork (docs/backends/codex.md), so the boundary is the channel that carries the policy.
    const developer = items(first).filter((i) => i["role"] === "developer").map(textOf).join("\n");
    assert.ok(!developer.includes(POLICY_LINE), "a Codex fork now takes developer instructions: send the policy there too and say so in docs/backends/codex.md");
    assert.ok(user && textOf(user).includes(POLICY_LINE), "the boundary carries the policy");
    await waitForState(s, opened.pane, "waiting", LONG);
    await cli(s, "side", "dismiss", opened.pane, "--delete");
  });
});
