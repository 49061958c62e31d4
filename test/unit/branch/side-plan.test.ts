import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DEFAULT_CONFIG } from "../../../src/config/config.ts";
import { planSide, sideInstance, sidePlacement, titleOf } from "../../../src/branch/side-plan.ts";
import { startsWithBoundary } from "../../../src/branch/side-policy.ts";
import type { NamedSession } from "../../../src/session/store.ts";

const FIXTURE_BIN = resolve(import.meta.dirname, "..", "..", "fixtures", "bin");

function session(patch: Partial<NamedSession>): NamedSession {
  return {
    pane: "%12", backend: "claude", account: "", dir: "/tmp", instance: "", id: "", tokenHash: "", label: "", group: "", forkedFrom: "", parent: "", side: "",
    launch: {}, state: "idle", background: false, stateSince: null, startedAt: null, dead: false, deadStatus: null, title: "", command: "", pid: null, tmuxSession: "s", window: "@1",
    windowIndex: "1", active: true, name: "web", ...patch,
  };
}

describe("side: refusals before anything exists", () => {
  let home = "";
  let work = "";
  let env: Record<string, string | undefined> = {};
  const saved = process.env["AGENTMUX_HOME"];
  before(() => {
    home = mkdtempSync(join(tmpdir(), "side-plan-"));
    work = join(home, "my work #1");
    mkdirSync(work);
    env = { CLAUDE_CONFIG_DIR: join(home, "claude"), PATH: `${FIXTURE_BIN}:/usr/bin:/bin` };
    process.env["AGENTMUX_HOME"] = join(home, "agentmux");
    // A conversation with one exchange, as Claude Code keeps it.
    const project = join(home, "claude", "projects", work.replace(/[^a-zA-Z0-9]/g, "-"));
    mkdirSync(project, { recursive: true });
    const rec = (type: string, message: unknown, uuid: string, parentUuid: string | null) => JSON.stringify({ type, uuid, parentUuid, isSidechain: false, sessionId: "talked", cwd: work, timestamp: new Date().toISOString(), message });
    writeFileSync(join(project, "talked.jsonl"), `${rec("user", { role: "user", content: "hello" }, "u1", null)}\n${rec("assistant", { role: "assistant", content: [{ type: "text", text: "hi" }] }, "a1", "u1")}\n`);
    writeFileSync(join(project, "silent.jsonl"), `${JSON.stringify({ type: "mode", mode: "normal", sessionId: "silent" })}\n`);
  });
  after(() => {
    if (saved === undefined) delete process.env["AGENTMUX_HOME"]; else process.env["AGENTMUX_HOME"] = saved;
    rmSync(home, { recursive: true, force: true });
  });
  const plan = (patch: Partial<NamedSession>, options: { message?: string; quote?: string; windowWidth?: number } = {}) =>
    planSide(session({ dir: work, ...patch }), DEFAULT_CONFIG, { windowWidth: options.windowWidth ?? 200, ...options, now: new Date(2026, 0, 2, 3, 4, 5) }, env);

  it("a plain command", () => assert.throws(() => plan({ backend: "generic", id: "x" }), /plain command has no conversation to fork/));
  it("a backend without fork (Gemini), naming why", () => assert.throws(() => plan({ backend: "gemini", id: "x" }), /Gemini CLI cannot fork/));
  it("no native id yet", () => assert.throws(() => plan({ id: "" }), /native session id is not known/));
  it("no completed exchange yet: send it a message first", () => {
    assert.throws(() => plan({ id: "silent" }), (e: Error & { hint?: string }) => /no completed exchange/.test(e.message) && /send it a message first/.test(e.hint ?? ""));
    assert.throws(() => plan({ id: "never-seen" }), /no completed exchange/);
  });
  it("a side of a side, and an exited session", () => {
    assert.throws(() => plan({ id: "talked", side: "1", parent: "%3" }), /a side conversation itself/);
    assert.throws(() => plan({ id: "talked", dead: true }), /has exited/);
  });

  it("a session with an exchange: a fork beside the parent, the policy as system prompt, the boundary then the quote typed", () => {
    const p = plan({ id: "talked", account: "" }, { quote: "line one\nline two" });
    assert.deepEqual(p.request.mode, { kind: "fork", id: "talked" });
    assert.equal(p.request.splitFrom, "%12");
    assert.equal(p.request.splitPercent, 40);
    assert.deepEqual(p.request.side, { parent: "%12", policyVersion: "1" });
    assert.equal(p.request.instance, "side-030405");
    assert.equal(p.request.prompt, undefined);
    assert.ok(p.prepared.argv.includes("--append-system-prompt"));
    assert.equal(p.typed.length, 2, "the boundary and the quote, each its own paste");
    assert.ok(startsWithBoundary(p.typed[0] ?? ""));
    assert.equal(p.typed[1], "> line one\n> line two\n\n");
    assert.equal(p.title, undefined);
  });

  it("with a message: submitted at once, boundary first, titled after its first line", () => {
    const p = plan({ id: "talked" }, { message: "\nWhy is it slow?\nmore" });
    assert.ok(p.request.prompt && startsWithBoundary(p.request.prompt));
    assert.ok(p.request.prompt?.endsWith("Why is it slow?\nmore"));
    assert.deepEqual(p.typed, []);
    assert.equal(p.title, "Why is it slow?");
  });

  it("a window too narrow opens the side in a window of its own", () => {
    const p = plan({ id: "talked" }, { windowWidth: 100 });
    assert.equal(p.placement, "window");
    assert.equal(p.request.splitFrom, undefined);
  });
});

describe("side: placement, names, titles", () => {
  it("splits when side.width percent of the window has side.minColumns", () => {
    assert.equal(sidePlacement(DEFAULT_CONFIG, 150), "split");
    assert.equal(sidePlacement(DEFAULT_CONFIG, 149), "window");
  });
  it("the instance is side-HHMMSS", () => assert.equal(sideInstance(new Date(2026, 0, 2, 13, 4, 5)), "side-130405"));
  it("the title is the first non-empty line, cut", () => {
    assert.equal(titleOf("  \n first \nsecond"), "first");
    assert.equal([...titleOf("x".repeat(100))].length, 60);
  });
});
