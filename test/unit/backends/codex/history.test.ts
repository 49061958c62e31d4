import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "smol-toml";
import { codexHistory, codexSystemPromptArgs } from "../../../../src/backends/codex/history.ts";
import { codexLineage } from "../../../../src/backends/codex/lineage.ts";
import { LINEAGE_SCAN_LIMIT } from "../../../../src/backends/shared/lineage-scan.ts";
import { countDescendants } from "../../../../src/branch/branches.ts";
import { ROOT } from "../../../helpers/tmux-server.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-codex-history-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

const jsonl = (...records: unknown[]) => records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n") + "\n";
const write = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
};
const tree = (headers: { id: string; parent?: string | undefined }[] | null) => (headers ?? []).map((h) => `${h.id}<${h.parent ?? ""}`).sort();

// Captured from Codex 0.171.0 against a fake model (test/fixtures/real/README.md): `codex exec` (A,
// given -c developer_instructions=…), `codex exec resume A`, `codex exec fork A` (B), `codex exec fork B` (C).
const REAL = join(ROOT, "test", "fixtures", "real", "transcripts", "codex");
const A = "01a232b0-bd5d-78d2-aa38-b1c4b6fe0219";
const B = "01a232b0-c205-7483-a7c6-5bd7f86464b7";
const C = "01a232b0-c5c1-73e0-bf35-30c608583192";
const REAL_DIR = "/home/dev/e2e/cproj";
const DAY = "2026/12/01";

describe("Codex history: real rollouts (a fork reads its parent's rollout up to the fork)", () => {
  const home = join(tmp, "real");
  cpSync(REAL, join(home, "sessions"), { recursive: true });
  const place = { dir: REAL_DIR, since: null, env: { CODEX_HOME: home } };
  const fileOf = (id: string) => join(home, "sessions", DAY, readdirSync(join(home, "sessions", DAY)).find((n) => n.endsWith(`-${id}.jsonl`)) ?? "");

  it("the tree: C < B < A; lineage reads the same headers", () => {
    assert.deepEqual(tree(codexHistory.conversations(place)), [`${A}<`, `${B}<${A}`, `${C}<${B}`].sort());
    const pairs = codexLineage({ ...place, dir: REAL_DIR });
    assert.equal(pairs && countDescendants(pairs, A), 2);
  });

  it("headers: each one's own first prompt (not the injected environment context), its start, directory and file", () => {
    const byId = new Map((codexHistory.conversations(place) ?? []).map((h) => [h.id, h]));
    assert.equal(byId.get(A)?.firstPrompt, "say hello");
    assert.equal(byId.get(B)?.firstPrompt, "fork prompt B");
    assert.equal(byId.get(C)?.firstPrompt, "fork of fork C");
    assert.equal(byId.get(A)?.startedAt, Date.parse("2026-12-01T17:39:33.345Z"));
    assert.equal(byId.get(C)?.dir, REAL_DIR);
    assert.deepEqual(byId.get(C)?.files, [fileOf(C)]);
    assert.equal(codexHistory.find(B, place)?.parent, A);
  });

  it("answers and delivered text, the fork's inherited history included", () => {
    assert.equal(codexHistory.lastAnswer(C, place), "Hello from the fake model.");
    assert.equal(codexHistory.hasExchange(B, place), true);
    assert.equal(codexHistory.hasUserText?.(C, place, "fork of fork"), true);
    assert.equal(codexHistory.hasUserText?.(C, place, "second prompt in A"), true);
    assert.equal(codexHistory.hasUserText?.(B, place, "fork of fork"), false);
    assert.equal(codexHistory.hasUserText?.(A, place, "environment_context"), false);
  });

  it("turns: a fork's inherited history up to the fork, then its own; none for an unknown thread", () => {
    const users = (id: string) => (codexHistory.turns?.(id, place) ?? []).filter((t) => t.role === "user").map((t) => t.text);
    assert.deepEqual(users(C), ["say hello", "second prompt in A", "fork prompt B", "fork of fork C"]);
    assert.deepEqual(users(B), ["say hello", "second prompt in A", "fork prompt B"]);
    assert.equal(codexHistory.turns?.(C, place)?.at(-1)?.role, "assistant");
    assert.equal(codexHistory.turns?.("01a232b0-0000-0000-0000-000000000000", place), null);
  });

  it("the developer instructions given with -c reached the model as the text (the escaping checked against the real CLI)", () => {
    const text = "line one\nq\"uote\" back\\slash ünï";
    assert.equal(codexSystemPromptArgs(text)[1], "developer_instructions=\"line one\\nq\\\"uote\\\" back\\\\slash ünï\"");
    const records = readFileSync(fileOf(A), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { type: string; payload: { role?: string; content?: { text: string }[] } });
    const developer = records.find((r) => r.type === "response_item" && r.payload.role === "developer");
    assert.equal(developer?.payload.content?.[0]?.text, text);
  });

  it("remove: refused for a conversation a fork reads; a leaf's own rollout only", () => {
    assert.throws(() => codexHistory.remove(A, place), /history of .*01a232b0-c205/);
    assert.ok(existsSync(fileOf(A)));
    const leaf = fileOf(C);
    assert.deepEqual(codexHistory.remove(C, place), [leaf]);
    assert.equal(existsSync(leaf), false);
    assert.ok(existsSync(fileOf(A)) && existsSync(fileOf(B)));
    assert.deepEqual(codexHistory.remove(C, place), []);
  });
});

describe("Codex history: shapes written by hand", () => {
  const home = join(tmp, "codex");
  const dir = "/home/me/src/app #1 ü";
  const env = { CODEX_HOME: home };
  const place = { dir, since: null, env };
  const meta = (id: string, day: string, extra: Record<string, unknown> = {}) =>
    ({ timestamp: `${day}T12:00:00Z`, type: "session_meta", payload: { id, timestamp: `${day}T12:00:00.000Z`, cwd: dir, originator: "codex_cli_rs", cli_version: "0.0.0", source: "cli", ...extra } });
  const rollout = (day: string, name: string, ...records: unknown[]) => {
    const file = join(home, "sessions", ...day.split("-"), `rollout-${day}T12-00-00-${name}.jsonl`);
    write(file, jsonl(...records));
    return file;
  };
  const user = (text: string) => ({ type: "event_msg", payload: { type: "user_message", message: text } });
  const agent = (text: string) => ({ type: "event_msg", payload: { type: "agent_message", message: text } });
  const item = (role: string, text: string) => ({ type: "response_item", payload: { type: "message", role, content: [{ type: role === "assistant" ? "output_text" : "input_text", text }] } });

  rollout("2026-03-10", "x", meta("x", "2026-03-10", { base_instructions: "b".repeat(300_000) }), item("user", "<environment_context>\n<cwd>/x</cwd>\n</environment_context>"), item("user", "# AGENTS.md instructions for /x\nbe nice"), user("fix  the\nbug"), agent("done"), item("assistant", "done"));
  rollout("2026-03-10", "fork", meta("fork", "2026-03-10", { forked_from_id: "x" }), user("and the tests"));
  rollout("2026-03-11", "orphan", meta("orphan", "2026-03-11", { forked_from_id: "deleted-one" }));
  rollout("2026-03-11", "sub", meta("sub", "2026-03-11", { forked_from_id: "x", source: { subagent: { thread_spawn: { parent_thread_id: "x", depth: 1 } } } }), user("subagent work"));
  rollout("2026-03-11", "other", meta("other", "2026-03-11", { cwd: "/elsewhere" }), item("user", "<environment_context></environment_context>"), item("user", "only an item"), item("assistant", "item answer"));
  rollout("2026-03-08", "old", meta("old", "2026-03-08"), user("long ago"));
  write(join(home, "sessions", "2026", "03", "10", "rollout-corrupt.jsonl"), "{\"type\":\"session_meta\",");
  // One thread owning two rollouts (a reverted thread continues in a new rollout of its own).
  const multi1 = rollout("2026-03-12", "multi", meta("multi", "2026-03-12"), user("first part"), agent("a1"));
  const multi2 = rollout("2026-03-12", "multi-2", meta("multi", "2026-03-12", { timestamp: "2026-03-12T13:00:00.000Z", history_base: { thread_id: "multi", end_ordinal_exclusive: 2, end_byte_offset: 10 } }), user("second part"));

  it("one directory's conversations: subagent threads, other directories and a corrupt file left out; a deleted parent kept as the id", () => {
    assert.deepEqual(tree(codexHistory.conversations(place)), ["fork<x", "multi<", "old<", "orphan<deleted-one", "x<"]);
  });

  it("place.since bounds the days read (from the day before); dir null reads every directory, newest first", () => {
    const since = Date.parse("2026-03-11T00:30:00Z");
    assert.deepEqual(tree(codexHistory.conversations({ ...place, since })), ["fork<x", "multi<", "orphan<deleted-one", "x<"]);
    const all = codexHistory.conversations({ dir: null, since: null, env });
    assert.ok(all?.some((h) => h.id === "other" && h.dir === "/elsewhere"));
    for (let i = 1; i < (all?.length ?? 0); i++) assert.ok((all?.[i - 1]?.updatedAt ?? 0) >= (all?.[i]?.updatedAt ?? 0));
  });

  it("first prompts: the user_message event, else a user item that is not injected context; one line", () => {
    assert.equal(codexHistory.find("x", place)?.firstPrompt, "fix the bug");
    assert.equal(codexHistory.find("other", place)?.firstPrompt, "only an item");
    assert.equal(codexHistory.find("orphan", place)?.firstPrompt, "");
  });

  it("answers: the last agent_message event, else the assistant item; exchanges", () => {
    assert.equal(codexHistory.lastAnswer("x", place), "done");
    assert.equal(codexHistory.lastAnswer("other", place), "item answer");
    assert.equal(codexHistory.lastAnswer("orphan", place), null);
    assert.equal(codexHistory.hasExchange("x", place), true);
    assert.equal(codexHistory.hasExchange("fork", place), false);
    assert.equal(codexHistory.hasExchange("other", place), true);
    assert.equal(codexHistory.hasUserText?.("x", place, "the\nbug"), true);
    assert.equal(codexHistory.hasUserText?.("x", place, "AGENTS.md"), false);
  });

  it("a thread owning two rollouts is one conversation with both files; remove removes both, nothing else", () => {
    const h = codexHistory.find("multi", place);
    assert.deepEqual(h?.files, [multi1, multi2]);
    assert.equal(h?.firstPrompt, "first part");
    assert.equal(h?.startedAt, Date.parse("2026-03-12T12:00:00.000Z"));
    const before = readdirSync(join(home, "sessions", "2026", "03", "12"));
    assert.deepEqual(codexHistory.remove("multi", place), [multi1, multi2]);
    assert.deepEqual(readdirSync(join(home, "sessions", "2026", "03", "12")), before.filter((n) => !n.includes("multi")));
  });

  it("a fork with no answer of its own answers with its parent's last answer before the fork", () => {
    const parentFile = rollout("2026-03-13", "p", meta("p", "2026-03-13"), user("one"), agent("answer one"));
    const cut = readFileSync(parentFile).length;
    writeFileSync(parentFile, readFileSync(parentFile, "utf8") + jsonl(user("two"), agent("answer two")));
    rollout("2026-03-13", "kid", meta("kid", "2026-03-13", { forked_from_id: "p", history_base: { thread_id: "p", end_byte_offset: cut } }), user("three"));
    assert.equal(codexHistory.lastAnswer("kid", place), "answer one");
    assert.equal(codexHistory.hasExchange("kid", place), true);
    assert.equal(codexHistory.hasUserText?.("kid", place, "two"), false);
  });

  it("find: by id, within since; an id that is no file name finds nothing", () => {
    assert.equal(codexHistory.find("old", { ...place, since: Date.parse("2026-03-11T00:00:00Z") }), null);
    assert.equal(codexHistory.find("old", place)?.id, "old");
    assert.equal(codexHistory.find("../x", place), null);
    assert.equal(codexHistory.find("nope", place), null);
    assert.deepEqual(codexHistory.remove("nope", place), []);
  });

  it("more rollouts than the scan limit: unknown for one directory; for every directory, the latest", () => {
    const crowded = join(tmp, "crowded");
    const day = (n: number) => join(crowded, "sessions", "2026", "04", String(n).padStart(2, "0"));
    const text = (id: string) => jsonl({ type: "session_meta", payload: { id, cwd: dir, source: "cli" } });
    mkdirSync(day(1), { recursive: true });
    mkdirSync(day(2), { recursive: true });
    writeFileSync(join(day(1), "rollout-2026-04-01T00-00-00-oldest.jsonl"), text("oldest"));
    for (let i = 0; i < LINEAGE_SCAN_LIMIT; i++) writeFileSync(join(day(2), `rollout-2026-04-02T00-00-00-n${i}.jsonl`), text(`n${i}`));
    const e = { CODEX_HOME: crowded };
    assert.equal(codexHistory.conversations({ dir, since: null, env: e }), null);
    const all = codexHistory.conversations({ dir: null, since: null, env: e });
    assert.equal(all?.length, LINEAGE_SCAN_LIMIT);
    assert.ok(!all.some((h) => h.id === "oldest"));
    assert.equal(codexHistory.find("oldest", { dir, since: null, env: e })?.id, "oldest");
  });

  it("a missing sessions directory has no conversations (lineage: unknown)", () => {
    const none = { dir, since: null, env: { CODEX_HOME: join(tmp, "none") } };
    assert.deepEqual(codexHistory.conversations(none), []);
    assert.equal(codexLineage(none as { dir: string; since: null; env: Record<string, string> }), null);
  });
});

describe("codexSystemPromptArgs", () => {
  it("hands the text over as a TOML basic string that parses back to it", () => {
    for (const text of ["plain", "quote \" and 'single'", "back\\slash \\n not a newline", "line\nbreak\r\n\ttab", "ünïcödé ✓ 🙂", "\u0000\u0001\u001b\u007f", "\"\"\" triple", ""]) {
      const [flag, arg] = codexSystemPromptArgs(text);
      assert.equal(flag, "-c");
      assert.ok(arg?.startsWith("developer_instructions=\""));
      assert.equal(parse(arg ?? "")["developer_instructions"], text, JSON.stringify(text));
    }
  });

  it("a lone surrogate (not a Unicode scalar value, which TOML cannot escape) becomes U+FFFD", () => {
    assert.equal(parse(codexSystemPromptArgs("a\uD800b")[1] ?? "")["developer_instructions"], "a\uFFFDb");
  });
});

describe("Codex history over the fake agent's rollouts (what the integration tests run on)", () => {
  it("a fork of a fork, first prompts and answers", async () => {
    // @ts-expect-error the fake agent's store is plain JavaScript
    const { conversationStore } = (await import("../../../fixtures/bin/fake-records.js")) as { conversationStore: FakeStore };
    const env = { CODEX_HOME: join(tmp, "fake") };
    const dir = "/home/me/fake codex";
    const parent = conversationStore("codex", { kind: "new" }, dir, env);
    parent.user("first question");
    parent.assistant("first answer");
    const fork = conversationStore("codex", { kind: "fork", id: parent.sessionId }, dir, env);
    fork.user("fork question");
    const grandchild = conversationStore("codex", { kind: "fork", id: fork.sessionId }, dir, env);
    const place = { dir, since: Date.now() - 60_000, env };
    assert.deepEqual(tree(codexHistory.conversations(place)), [`${fork.sessionId}<${parent.sessionId}`, `${grandchild.sessionId}<${fork.sessionId}`, `${parent.sessionId}<`].sort());
    assert.equal(codexHistory.find(parent.sessionId, place)?.firstPrompt, "first question");
    assert.equal(codexHistory.lastAnswer(grandchild.sessionId, place), "first answer");
    assert.equal(codexHistory.hasUserText?.(grandchild.sessionId, place, "fork question"), true);
    assert.equal(codexHistory.hasExchange(parent.sessionId, place), true);
  });
});

interface FakeStore {
  (name: string, mode: { kind: string; id?: string }, cwd: string, env: Record<string, string>): { sessionId: string; user(text: string): void; assistant(text: string): void };
}
