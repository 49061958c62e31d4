import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeHistory, claudeSystemPromptArgs } from "../../../../src/backends/claude/history.ts";
import { LINEAGE_SCAN_LIMIT } from "../../../../src/backends/shared/lineage-scan.ts";
import { claudeLineage, claudeProjectName } from "../../../../src/backends/claude/lineage.ts";
import { countDescendants } from "../../../../src/branch/branches.ts";
import { ROOT } from "../../../helpers/tmux-server.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-claude-history-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

const jsonl = (...records: unknown[]) => records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n") + "\n";
const write = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Captured from Claude Code 2.1.197 against a fake model (test/fixtures/real/README.md): A, then
// `claude -p --resume A --fork-session` (B), then the same from B (C).
const REAL = join(ROOT, "test", "fixtures", "real", "transcripts", "claude");
const A = "4d9f0bab-a45b-4ab5-a0b3-abfff577f31c";
const B = "a62bbd69-283e-4af8-917a-ec3cf130864d";
const C = "0028b511-546e-4a8a-aa5a-c056ddfe66ac";
const REAL_DIR = "/home/dev/proj";

const tree = (headers: { id: string; parent?: string | undefined }[] | null) => (headers ?? []).map((h) => `${h.id}<${h.parent ?? ""}`).sort();

describe("Claude Code history: real `--fork-session` transcripts", () => {
  const config = join(tmp, "real");
  const project = join(config, "projects", claudeProjectName(REAL_DIR));
  mkdirSync(project, { recursive: true });
  for (const id of [A, B, C]) copyFileSync(join(REAL, `${id}.jsonl`), join(project, `${id}.jsonl`));
  const place = { dir: REAL_DIR, since: null, env: { CLAUDE_CONFIG_DIR: config } };

  it("a fork of a fork gets its true parent (C < B < A), and lineage says the same", () => {
    assert.deepEqual(tree(claudeHistory.conversations(place)), [`${C}<${B}`, `${A}<`, `${B}<${A}`].sort());
    const pairs = claudeLineage(place);
    assert.ok(pairs);
    assert.equal(countDescendants(pairs, A), 2);
    assert.equal(countDescendants(pairs, B), 1);
  });

  it("headers: the first prompt, the directory, the start of the fork (its own records), the files", () => {
    const byId = new Map((claudeHistory.conversations(place) ?? []).map((h) => [h.id, h]));
    const c = byId.get(C);
    assert.ok(c);
    assert.equal(c.firstPrompt, "say hello");
    assert.equal(c.dir, REAL_DIR);
    assert.equal(c.startedAt, Date.parse("2026-12-01T17:34:56.297Z"));
    assert.equal(byId.get(A)?.startedAt, Date.parse("2026-12-01T17:34:43.567Z"));
    assert.deepEqual(c.files, [join(project, `${C}.jsonl`)]);
  });

  it("last answers, exchanges and delivered text", () => {
    assert.equal(claudeHistory.lastAnswer(C, place), "Hello from the fake model.");
    assert.equal(claudeHistory.hasExchange(A, place), true);
    assert.equal(claudeHistory.hasUserText?.(C, place, "fork of fork"), true);
    assert.equal(claudeHistory.hasUserText?.(A, place, "fork prompt B"), false);
  });

  it("turns: the fork's inherited conversation, then its own; none for an id without a transcript", () => {
    const turns = claudeHistory.turns?.(C, place) ?? [];
    assert.deepEqual(turns.filter((t) => t.role === "user").map((t) => t.text), ["say hello", "second prompt in A", "fork prompt B", "fork of fork C"]);
    assert.equal(turns.at(-1)?.text, "Hello from the fake model.");
    assert.equal(claudeHistory.turns?.(A, place)?.length, 4);
    assert.equal(claudeHistory.turns?.("00000000-0000-0000-0000-000000000000", place), null);
    assert.equal(claudeHistory.turns?.("../escape", place), null);
  });

  it("with the middle fork deleted, its child is a root (not counted under the grandparent)", () => {
    const gone = join(tmp, "gone");
    const d = join(gone, "projects", claudeProjectName(REAL_DIR));
    mkdirSync(d, { recursive: true });
    for (const id of [A, C]) copyFileSync(join(REAL, `${id}.jsonl`), join(d, `${id}.jsonl`));
    assert.deepEqual(tree(claudeHistory.conversations({ ...place, env: { CLAUDE_CONFIG_DIR: gone } })), [`${A}<`, `${C}<`].sort());
  });
});

describe("Claude Code history: an interactive branch of a session agentmux started (real transcripts)", () => {
  // Both open with records without a time; the fork's file is born after its own first prompt's time,
  // which once made it look like the copy of a deleted parent: it dropped out of the family.
  const LIN = "14585b0b-7285-4425-931e-75ece41e76e4";
  const FORK = "2c468202-6c8d-40d2-8266-077371e19ce0";
  const config = join(tmp, "interactive");
  const project = join(config, "projects", claudeProjectName("/home/dev/proj"));
  mkdirSync(project, { recursive: true });
  for (const id of [LIN, FORK]) copyFileSync(join(ROOT, "test", "fixtures", "real", "transcripts", "claude-interactive-fork", `${id}.jsonl`), join(project, `${id}.jsonl`));
  const place = { dir: "/home/dev/proj", since: null, env: { CLAUDE_CONFIG_DIR: config } };

  it("the branch is the session's child, from the messages it copied, whatever the files' times", () => {
    assert.deepEqual(tree(claudeHistory.conversations(place)), [`${FORK}<${LIN}`, `${LIN}<`].sort());
    const pairs = claudeLineage(place);
    assert.ok(pairs);
    assert.equal(countDescendants(pairs, LIN), 1);
  });
});

describe("Claude Code history: shapes written by hand", () => {
  const config = join(tmp, "claude");
  const dir = "/home/me/src/my app #1 ü";
  const project = join(config, "projects", claudeProjectName(dir));
  const env = { CLAUDE_CONFIG_DIR: config };
  const place = { dir, since: null, env };
  const msg = (uuid: string, parentUuid: string | null, type: "user" | "assistant", content: unknown, at: string, extra: Record<string, unknown> = {}) =>
    ({ type, uuid, parentUuid, isSidechain: false, sessionId: "s", cwd: dir, timestamp: at, message: { role: type, content }, ...extra });
  const parentRecords = [
    msg("m1", null, "user", "first   prompt\nsecond line", "2026-03-01T10:00:00.000Z"),
    msg("m2", "m1", "assistant", [{ type: "thinking", thinking: "hm" }, { type: "text", text: "answer one" }], "2026-03-01T10:00:01.000Z"),
  ];

  it("SDK forks name their parent; one whose parent was deleted keeps the missing id", () => {
    write(join(project, "orig.jsonl"), jsonl(...parentRecords));
    write(join(project, "sdk.jsonl"), jsonl({ ...parentRecords[0], forkedFrom: { sessionId: "orig", messageUuid: "m1" } }));
    write(join(project, "orphan.jsonl"), jsonl({ ...parentRecords[0], uuid: "o1", forkedFrom: { sessionId: "deleted-one", messageUuid: "x" } }));
    const byId = new Map((claudeHistory.conversations(place) ?? []).map((h) => [h.id, h]));
    assert.equal(byId.get("sdk")?.parent, "orig");
    assert.equal(byId.get("orphan")?.parent, "deleted-one");
    assert.equal(byId.get("orig")?.parent, undefined);
  });

  it("the first prompt: not meta, not a tool result, not a sidechain; text blocks; one line of at most 200 characters", () => {
    write(join(project, "prompts.jsonl"), jsonl(
      { type: "queue-operation", operation: "enqueue", content: "q".repeat(300_000), timestamp: "2026-03-02T09:59:59.000Z" },
      msg("p0", null, "user", "<local-command-caveat>x</local-command-caveat>", "2026-03-02T10:00:00.000Z", { isMeta: true }),
      msg("p1", "p0", "user", "side question", "2026-03-02T10:00:01.000Z", { isSidechain: true }),
      msg("p2", "p1", "user", [{ type: "tool_result", tool_use_id: "t", content: "out" }], "2026-03-02T10:00:02.000Z"),
      msg("p3", "p2", "user", [{ type: "text", text: `${"word ".repeat(60)}\nmore` }, { type: "image" }], "2026-03-02T10:00:03.000Z"),
    ));
    const h = claudeHistory.find("prompts", place);
    assert.ok(h);
    assert.equal([...h.firstPrompt].length, 200);
    assert.ok(h.firstPrompt.startsWith("word word"));
    assert.ok(h.firstPrompt.endsWith("…"));
    assert.ok(!h.firstPrompt.includes("\n"));
    assert.equal(claudeHistory.find("orig", place)?.firstPrompt, "first prompt second line");
  });

  it("a corrupt transcript is a conversation without a prompt; subagent transcripts are none", () => {
    write(join(project, "corrupt.jsonl"), "\u0000\u0001 garbage\n{\"forkedFrom\":");
    write(join(project, "orig", "subagents", "agent-1.jsonl"), jsonl({ ...parentRecords[0], isSidechain: true }));
    const ids = (claudeHistory.conversations(place) ?? []).map((h) => h.id);
    assert.ok(ids.includes("corrupt"));
    assert.ok(!ids.some((id) => id.startsWith("agent")));
    assert.equal(claudeHistory.find("corrupt", place)?.firstPrompt, "");
    assert.equal(claudeHistory.lastAnswer("corrupt", place), null);
    assert.equal(claudeHistory.hasExchange("corrupt", place), false);
  });

  it("fake-agent shaped forks (a mode record without a time): a fork of a fork from the messages it holds; never by the files' times", async () => {
    const d = join(config, "projects", claudeProjectName("/home/me/birth"));
    const placeB = { ...place, dir: "/home/me/birth" };
    write(join(d, "g.jsonl"), jsonl(...parentRecords, msg("g3", "m2", "user", "more", "2026-03-01T10:01:00.000Z")));
    await sleep(20);
    const mode = { type: "mode", mode: "normal", sessionId: "x" };
    write(join(d, "p.jsonl"), jsonl(mode, ...parentRecords, msg("p1", "m2", "user", "in p", new Date().toISOString())));
    await sleep(20);
    write(join(d, "f.jsonl"), jsonl(mode, ...parentRecords, msg("p1", "m2", "user", "in p", "2026-03-01T11:00:00.000Z"), msg("f1", "p1", "user", "in f", new Date(Date.now() + 1000).toISOString())));
    // f holds all of p and more: p is its parent. g went on after p was made, and nothing in p's
    // records dates it: which of the two is the copy cannot be told, and no file time decides it.
    assert.deepEqual(tree(claudeHistory.conversations(placeB)), ["f<p", "g<", "p<"]);
  });

  it("the answer is the last assistant record's text blocks; a sidechain's is not", () => {
    write(join(project, "answers.jsonl"), jsonl(
      ...parentRecords,
      msg("a3", "m2", "user", "again", "2026-03-01T10:02:00.000Z"),
      msg("a4", "a3", "assistant", [{ type: "text", text: "part one" }, { type: "text", text: "part two" }], "2026-03-01T10:02:01.000Z"),
      msg("a5", "a4", "assistant", [{ type: "tool_use", id: "t", name: "Bash", input: {} }], "2026-03-01T10:02:02.000Z"),
      msg("a6", "a5", "assistant", [{ type: "text", text: "from a subagent" }], "2026-03-01T10:02:03.000Z", { isSidechain: true }),
    ));
    assert.equal(claudeHistory.lastAnswer("answers", place), "part one\npart two");
    write(join(project, "unanswered.jsonl"), jsonl(parentRecords[0]));
    assert.equal(claudeHistory.hasExchange("unanswered", place), false);
    assert.equal(claudeHistory.lastAnswer("unanswered", place), null);
    assert.equal(claudeHistory.hasExchange("answers", place), true);
    assert.equal(claudeHistory.lastAnswer("no-such", place), null);
  });

  it("a transcript whose answer was flushed before its prompt (Claude Code under load) still holds the exchange", () => {
    // Captured in the e2e branch test under load: the assistant record is written before the user
    // record it answers; its parentUuid chain gives the order.
    const real = join(ROOT, "test", "fixtures", "real", "transcripts", "claude-out-of-order");
    const id = "d2d3af69-7160-4e32-b143-65c27b07c217";
    const realDir = "/home/dev/my project #1 %d";
    const ooo = join(tmp, "claude-out-of-order");
    write(join(ooo, "projects", claudeProjectName(realDir), `${id}.jsonl`), readFileSync(join(real, `${id}.jsonl`), "utf8"));
    const at = { dir: realDir, since: null, env: { CLAUDE_CONFIG_DIR: ooo } };
    assert.equal(claudeHistory.hasExchange(id, at), true);
    assert.equal(claudeHistory.lastAnswer(id, at), "Hello from the fake model.");
    assert.deepEqual(claudeHistory.turns?.(id, at)?.map((t) => [t.role, t.text]), [["user", "remember MARK-tulip please"], ["assistant", "Hello from the fake model."]]);
  });

  it("find looks in place.dir's project directory, then in every one; never outside", () => {
    const other = join(config, "projects", claudeProjectName("/elsewhere"));
    write(join(other, "far.jsonl"), jsonl({ ...parentRecords[0], cwd: "/elsewhere" }));
    assert.equal(claudeHistory.find("far", place)?.dir, "/elsewhere");
    assert.equal(claudeHistory.find("../claude", place), null);
    assert.equal(claudeHistory.find("nothing", place), null);
  });

  it("every directory (place.dir null): all project directories, newest first, a copied parent listed once", async () => {
    await sleep(10);
    write(join(project, "newest.jsonl"), jsonl(parentRecords[0]));
    const all = claudeHistory.conversations({ dir: null, since: null, env });
    assert.ok(all);
    assert.equal(all[0]?.id, "newest");
    assert.ok(all.some((h) => h.id === "far"));
    for (let i = 1; i < all.length; i++) assert.ok((all[i - 1]?.updatedAt ?? 0) >= (all[i]?.updatedAt ?? 0));
    assert.equal(new Set(all.map((h) => h.id)).size, all.length);
  });

  it("prepareFork copies the transcript into the other directory's project folder, never over a file", () => {
    const to = "/home/me/worktrees/my app #1 ü-branch";
    const made = claudeHistory.prepareFork?.("orig", dir, to, env);
    const copy = join(config, "projects", claudeProjectName(to), "orig.jsonl");
    assert.equal(made, copy, "it answers the copy it made (an undo removes it)");
    assert.equal(readFileSync(copy, "utf8"), readFileSync(join(project, "orig.jsonl"), "utf8"));
    writeFileSync(copy, "mine\n");
    assert.equal(claudeHistory.prepareFork?.("orig", dir, to, env), null, "nothing made: nothing to undo");
    assert.equal(readFileSync(copy, "utf8"), "mine\n");
    assert.deepEqual(readdirSync(join(copy, "..")), ["orig.jsonl"]);
    // Listed once over every directory: where its records say it ran.
    const all = claudeHistory.conversations({ dir: null, since: null, env }) ?? [];
    assert.deepEqual(all.filter((h) => h.id === "orig").map((h) => h.files[0]), [join(project, "orig.jsonl")]);
    assert.throws(() => claudeHistory.prepareFork?.("nope", dir, to, env), /no Claude Code transcript nope/);
    assert.throws(() => claudeHistory.prepareFork?.("../x", dir, to, env), /not a Claude Code session id/);
  });

  it("remove deletes exactly the conversation's transcript and subagent folder", () => {
    write(join(project, "victim.jsonl"), jsonl(parentRecords[0]));
    write(join(project, "victim", "subagents", "agent-1.jsonl"), jsonl(parentRecords[0]));
    write(join(project, "victim-2.jsonl"), jsonl(parentRecords[0]));
    const before = readdirSync(project).sort();
    const removed = claudeHistory.remove("victim", place);
    assert.deepEqual(removed, [join(project, "victim.jsonl"), join(project, "victim")]);
    assert.deepEqual(readdirSync(project).sort(), before.filter((n) => n !== "victim.jsonl" && n !== "victim"));
    assert.ok(existsSync(join(project, "victim-2.jsonl")));
    assert.deepEqual(claudeHistory.remove("victim", place), []);
    assert.deepEqual(claudeHistory.remove("..", place), []);
  });

  it("more transcripts than the scan limit: unknown for one directory; for every directory, the newest", () => {
    const crowded = join(tmp, "crowded");
    const d = join(crowded, "projects", claudeProjectName("/crowded"));
    mkdirSync(d, { recursive: true });
    for (let i = 0; i <= LINEAGE_SCAN_LIMIT; i++) writeFileSync(join(d, `old-${i}.jsonl`), "");
    utimesSync(join(d, "old-0.jsonl"), new Date(1000), new Date(1000));
    const e = { CLAUDE_CONFIG_DIR: crowded };
    assert.equal(claudeHistory.conversations({ dir: "/crowded", since: null, env: e }), null);
    const all = claudeHistory.conversations({ dir: null, since: null, env: e });
    assert.equal(all?.length, LINEAGE_SCAN_LIMIT);
    assert.ok(!all.some((h) => h.id === "old-0"));
  });

  it("a missing store has no conversations", () => {
    assert.deepEqual(claudeHistory.conversations({ dir, since: null, env: { CLAUDE_CONFIG_DIR: join(tmp, "none") } }), []);
  });
});

describe("claudeSystemPromptArgs", () => {
  it("is --append-system-prompt with the text as one argument", () => {
    assert.deepEqual(claudeSystemPromptArgs("be brief \"now\"\n"), ["--append-system-prompt", "be brief \"now\"\n"]);
  });
});

describe("Claude Code history over the fake agent's transcripts (what the integration tests run on)", () => {
  it("a fork, a fork of the fork made in another directory after prepareFork, and their answers", async () => {
    // @ts-expect-error the fake agent's store is plain JavaScript
    const { conversationStore } = (await import("../../../fixtures/bin/fake-records.js")) as { conversationStore: FakeStore };
    const config = join(tmp, "fake");
    const env = { CLAUDE_CONFIG_DIR: config };
    const main = "/home/me/fake main";
    const tree2 = "/home/me/fake tree #2";
    const parent = conversationStore("claude", { kind: "new" }, main, env);
    parent.user("first question");
    parent.assistant("first answer");
    await sleep(5);
    const fork = conversationStore("claude", { kind: "fork", id: parent.sessionId }, main, env);
    await sleep(5);
    fork.user("fork question");
    fork.assistant("fork answer");
    claudeHistory.prepareFork?.(fork.sessionId, main, tree2, env);
    await sleep(5);
    const grandchild = conversationStore("claude", { kind: "fork", id: fork.sessionId }, tree2, env);
    await sleep(5);
    grandchild.user("grandchild question");
    // The main directory's conversations include the branch made in the other directory (where the fork was copied).
    const inMain = claudeHistory.conversations({ dir: main, since: null, env });
    assert.deepEqual(tree(inMain), [`${fork.sessionId}<${parent.sessionId}`, `${grandchild.sessionId}<${fork.sessionId}`, `${parent.sessionId}<`].sort());
    assert.equal(inMain?.find((h) => h.id === fork.sessionId)?.files[0], join(config, "projects", claudeProjectName(main), `${fork.sessionId}.jsonl`));
    const pairs = claudeLineage({ dir: main, since: null, env });
    assert.equal(pairs && countDescendants(pairs, parent.sessionId), 2);
    const inTree = claudeHistory.conversations({ dir: tree2, since: null, env }) ?? [];
    assert.equal(inTree.find((h) => h.id === grandchild.sessionId)?.parent, fork.sessionId);
    assert.equal(inTree.find((h) => h.id === grandchild.sessionId)?.dir, tree2);
    assert.equal(claudeHistory.lastAnswer(grandchild.sessionId, { dir: tree2, since: null, env }), "fork answer");
    assert.equal(claudeHistory.hasUserText?.(grandchild.sessionId, { dir: tree2, since: null, env }, "grandchild"), true);
    assert.equal(claudeHistory.find(fork.sessionId, { dir: null, since: null, env })?.firstPrompt, "first question");
  });
});

interface FakeStore {
  (name: string, mode: { kind: string; id?: string }, cwd: string, env: Record<string, string>): { sessionId: string; user(text: string): void; assistant(text: string): void };
}
