import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { geminiRecordedAnswer, lastGeminiAnswer } from "../../../../src/backends/gemini/transcript.ts";
import { hookAskOf } from "../../../../src/backends/hooks.ts";

const lines = (...records: unknown[]) => records.map((r) => JSON.stringify(r)).join("\n") + "\n";
const meta = { sessionId: "s1", projectHash: "h", startTime: "2026-12-05T00:00:00Z", messages: [] };

describe("Gemini's chat record: the turn's answer", () => {
  it("is the last gemini message's text: a later line of the same id replaces it, a rewind drops what follows", () => {
    const text = lines(meta,
      { id: "u1", type: "user", content: [{ text: "say hello" }] },
      { id: "g1", type: "gemini", content: "" },
      { $set: { lastUpdated: "x" } },
      { id: "g1", type: "gemini", content: "Hello from the fake model." },
      { id: "g2", type: "gemini", content: "a second answer" },
      { $rewindTo: "g2" });
    assert.equal(lastGeminiAnswer(text), "Hello from the fake model.");
    assert.equal(lastGeminiAnswer(lines(meta, { id: "g", type: "gemini", content: [{ text: "one" }, { functionCall: {} }, { text: "two" }] })), "one\ntwo");
  });

  it("is nothing when the user spoke last, and a cut first line or garbage is skipped", () => {
    assert.equal(lastGeminiAnswer(lines({ id: "g", type: "gemini", content: "old" }, { id: "u", type: "user", content: "next" })), "");
    assert.equal(lastGeminiAnswer(`cut {"id":"x\n${lines({ id: "g", type: "gemini", content: "kept" })}not json\n`), "kept");
    assert.equal(lastGeminiAnswer(JSON.stringify({ ...meta, messages: [{ id: "g", type: "gemini", content: "from an older .json chat" }] })), "from an older .json chat");
  });

  it("is read from the end of the file AfterAgent names, only a regular .json/.jsonl under chats/, and outranks prompt_response", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "agentmux-gemini-chat-")), "tmp", "proj #1", "chats");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "session-2026-12-05T00-00-s1.jsonl");
    writeFileSync(file, lines(meta, { id: "g1", type: "gemini", content: "Hello from the fake model." }));
    // What Gemini CLI 0.x sends: the chunks joined with spaces after the whole text.
    const payload = { transcript_path: file, prompt_response: "Hello from the fake model. from  the  fake  model." };
    assert.equal(geminiRecordedAnswer("AfterAgent", payload), "Hello from the fake model.");
    assert.equal(geminiRecordedAnswer("BeforeAgent", payload), null);
    assert.equal(hookAskOf("gemini", "AfterAgent", payload)?.kind, "answer", "the hook still says it is an answer");
    for (const path of ["relative/chats/a.jsonl", join(dir, "..", "notes.txt"), "/etc/passwd", join(dir, "missing.jsonl")]) assert.equal(geminiRecordedAnswer("AfterAgent", { transcript_path: path }), null, path);
    // A long chat: only its end is read, from its first whole line; a rewind past what was read drops it all.
    const long = join(dir, "session-long.jsonl");
    writeFileSync(long, lines(meta, { id: "g0", type: "gemini", content: "x".repeat(3 * 1024 * 1024) }, { id: "u9", type: "user", content: "go" }, { id: "g9", type: "gemini", content: "the end" }));
    assert.equal(geminiRecordedAnswer("AfterAgent", { transcript_path: long }), "the end");
    writeFileSync(long, lines(meta, { id: "g0", type: "gemini", content: "x".repeat(3 * 1024 * 1024) }, { id: "g9", type: "gemini", content: "dropped" }, { $rewindTo: "g0" }));
    assert.equal(geminiRecordedAnswer("AfterAgent", { transcript_path: long }), null);
    const link = join(dir, "link.jsonl");
    symlinkSync(file, link);
    assert.equal(geminiRecordedAnswer("AfterAgent", { transcript_path: link }), null, "never through a symlink");
    const fifo = join(dir, "fifo.jsonl");
    execFileSync("mkfifo", [fifo]);
    assert.equal(geminiRecordedAnswer("AfterAgent", { transcript_path: fifo }), null, "a FIFO is never opened for reading");
  });
});
