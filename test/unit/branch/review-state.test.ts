import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseDiff } from "../../../src/branch/hunks.ts";
import { anchorOf, reviewMessage } from "../../../src/branch/review-comments.ts";
import { drawable, fitColoured, keepColours, reviewFrame } from "../../../src/branch/review-render.ts";
import { initialReview, pressReview, type ReviewState } from "../../../src/branch/review-state.ts";
import type { Key } from "../../../src/switcher/input.ts";

const DIFF = [
  "diff --git a/src/a.txt b/src/a.txt", "index 1..2 100644", "--- a/src/a.txt", "+++ b/src/a.txt",
  "@@ -1,3 +1,3 @@", " one", "-two", "+TWO", " three", "@@ -10,2 +10,3 @@ fn x", " ten", "+ten and a half", " eleven",
  "diff --git a/b.md b/b.md", "new file (untracked)", "--- /dev/null", "+++ b/b.md", "@@ -0,0 +1,1 @@", "+hello", "\\ No newline at end of file", "",
].join("\n");

const char = (ch: string): Key => ({ kind: "char", ch });
const press = (state: ReviewState, ...keys: Array<Key | string>) => keys.reduce((s, k) => pressReview(s, typeof k === "string" ? char(k) : k).state, state);
const cursorLine = (s: ReviewState) => { const r = s.rows[s.cursor]; return r?.kind === "line" ? `${r.path}:${r.line.kind}:${r.line.text}` : r?.kind ?? "none"; };

describe("the review: a diff's lines, keys, comments and the message", () => {
  it("parses files and hunks with each line's old and new number", () => {
    const files = parseDiff(DIFF);
    assert.deepEqual(files.map((f) => [f.path, f.hunks.length]), [["src/a.txt", 2], ["b.md", 1]]);
    assert.deepEqual(files[0]?.hunks[0]?.lines.map((l) => [l.kind, l.old, l.new, l.text]), [["context", 1, 1, "one"], ["del", 2, null, "two"], ["add", null, 2, "TWO"], ["context", 3, 3, "three"]]);
    assert.deepEqual(files[0]?.hunks[1]?.lines.map((l) => [l.old, l.new]), [[10, 10], [null, 11], [11, 12]]);
    assert.equal(files[1]?.hunks[0]?.lines[1]?.kind, "note");
  });

  it("j/k move over lines (headings skipped), n/p by hunk, f/F and Tab by file", () => {
    const s = initialReview(parseDiff(DIFF), []);
    assert.equal(cursorLine(s), "src/a.txt:context:one");
    assert.equal(cursorLine(press(s, "j", "j")), "src/a.txt:add:TWO");
    assert.equal(cursorLine(press(s, "n")), "src/a.txt:context:ten");
    assert.equal(cursorLine(press(s, "n", "n")), "b.md:add:hello");
    assert.equal(cursorLine(press(s, "n", "n", "p")), "src/a.txt:context:ten");
    assert.equal(cursorLine(press(s, "f")), "b.md:add:hello");
    assert.equal(cursorLine(press(s, { kind: "tab" })), "b.md:add:hello");
    assert.equal(cursorLine(press(s, "f", "F")), "src/a.txt:context:one");
    assert.equal(cursorLine(press(s, "k")), "src/a.txt:context:one", "the first line stays");
    assert.equal(cursorLine(press(s, { kind: "end" })), "b.md:note:\\ No newline at end of file");
  });

  it("c types a comment for the line, Enter keeps it (saved), Esc leaves it, d deletes it; a removed line is anchored on the old side", () => {
    let s = press(initialReview(parseDiff(DIFF), []), "j", "c", "o", "k");
    assert.equal(s.typing, "ok");
    const entered = pressReview(s, { kind: "enter" });
    assert.deepEqual(entered.action, { kind: "saved" });
    s = entered.state;
    assert.deepEqual(s.comments, [{ path: "src/a.txt", line: 2, side: "old", quoted: "-two", text: "ok" }]);
    s = press(s, "c", { kind: "backspace" }, { kind: "backspace" }, "n", "o", { kind: "escape" });
    assert.equal(s.comments[0]?.text, "ok", "Esc leaves it as it was");
    assert.equal(pressReview(s, char("d")).state.comments.length, 0);
    assert.equal(press(s, "c", { kind: "clear" }, { kind: "enter" }).comments.length, 0, "an empty comment removes it");
  });

  it("s sends only when there are comments; q and Esc quit", () => {
    const s = initialReview(parseDiff(DIFF), []);
    assert.equal(pressReview(s, char("s")).action, undefined);
    assert.match(pressReview(s, char("s")).state.notice, /no comments to send/);
    assert.deepEqual(pressReview(press(s, "c", "x", { kind: "enter" }), char("s")).action, { kind: "send" });
    assert.deepEqual(pressReview(s, char("q")).action, { kind: "quit" });
    assert.deepEqual(pressReview(s, { kind: "escape" }).action, { kind: "quit" });
  });

  it("the message: each comment as file:line, the quoted line, the comment, sorted", () => {
    const message = reviewMessage([{ path: "b", line: 3, side: "new", quoted: "+x", text: "two " }, { path: "a", line: 9, side: "old", quoted: "-y", text: "one" }]);
    assert.equal(message, "Review comments on your changes (2; agentmux review). Please address each:\n\na:9 (a removed line)\n> -y\none\n\nb:3\n> +x\ntwo");
    assert.equal(anchorOf("a", { kind: "note", text: "\\ x", old: null, new: null }), null);
  });

  it("text from the repository is drawn harmless: escapes written out; a tool's colours kept, nothing else", () => {
    assert.equal(drawable("a\x1b[2Jb\tc\u202e"), "a\\e[2Jb    c\\u202e");
    assert.equal(keepColours("\x1b[38;5;1mred\x1b[0m\x1b]52;c;x\x07\x1b[2J!"), "\x1b[38;5;1mred\x1b[0m!");
    assert.equal(fitColoured("\x1b[31mabcdef\x1b[0m", 3), "\x1b[31mabc\x1b[0m");
    assert.equal(fitColoured("日本語", 4), "日本\x1b[0m");
  });

  it("the frame: a heading with the file and count, the cursor's row marked, the keys at the bottom; the view follows the cursor", () => {
    let s = initialReview(parseDiff(DIFF), []);
    const frame = reviewFrame(s, { width: 60, height: 10, title: "api (%12)" }).text;
    const lines = frame.replace("\x1b[H\x1b[2J", "").replace(/\x1b\[[0-9;]*m/g, "").split("\r\n");
    assert.equal(lines.length, 10);
    assert.match(lines[0] ?? "", /^review api \(%12\) · file 1\/2 · 0 comments/);
    assert.match(lines.find((l) => l.startsWith("›")) ?? "", /1\s+1 {2}one$/);
    assert.match(lines.at(-1) ?? "", /j\/k ↑↓ line/);
    s = press(s, "f");
    const { top } = reviewFrame(s, { width: 60, height: 10, title: "t" });
    assert.ok(top > 0 && s.cursor >= top && s.cursor < top + 7, `top ${top}, cursor ${s.cursor}`);
  });
});
