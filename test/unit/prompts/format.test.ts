import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CaptureFormatError, HEADING, entryTime, formatCaptureFile, normalBody, parseCaptureFile, titleOf, type CapturedEntry } from "../../../src/prompts/format.ts";

const key = { backend: "claude", account: "work #1", dir: "/src/my app %5", instance: "ünï \"q\"" };
const entry = (body: string, title = titleOf(body)): CapturedEntry => ({ time: "2026-12-01 20:30", title, body });

describe("the capture file's Markdown", () => {
  const bodies: Array<[string, string]> = [
    ["one line", "fix the flaky test"],
    ["several lines and blank lines inside", "first\n\n  indented\nlast"],
    ["an empty body", ""],
    ["unicode", "résumé ☃ 日本語 — 🚀"],
    ["## inside a code fence", "look:\n```md\n## not a title\n```\nafter"],
    ["## inside a tilde fence", "~~~\n## still code\n~~~"],
    ["## outside a fence", "## looks like a title\ntext"],
    ["a backslash before ## already", "\\## escaped by the user\n\\\\## twice"],
    ["a fence never closed", "```\n## would swallow the next entry"],
    ["a backslash before a fence", "\\```\nplain"],
    ["a longer fence closing a shorter one only", "````\n```\n## inside\n````"],
    ["a heading line of one #", "# big heading\n### small"],
  ];
  for (const [name, body] of bodies) {
    it(`round-trips ${name}, with another entry after it`, () => {
      const file = { key, entries: [entry(body), entry("the next one"), entry(body)] };
      const text = formatCaptureFile(file);
      assert.deepEqual(parseCaptureFile(text), file, text);
      assert.equal(formatCaptureFile(parseCaptureFile(text)), text);
    });
  }

  it("writes a heading, the session's key, and a `## time · title` line per entry", () => {
    const text = formatCaptureFile({ key, entries: [entry("do it\nnow"), entry("", "")] });
    assert.equal(text, `${HEADING}\n<!-- agentmux-capture ${JSON.stringify(key)} -->\n\n## 2026-12-01 20:30 · do it\n\ndo it\nnow\n\n## 2026-12-01 20:30\n`);
  });

  it("reads an entry a person added by hand (no blank line, trailing blanks, CRLF)", () => {
    const text = `${HEADING}\r\n<!-- agentmux-capture ${JSON.stringify(key)} -->\r\n## 2026-12-02 09:00 · mine\r\nbody\r\n\r\n\r\n## later\r\n`;
    assert.deepEqual(parseCaptureFile(text).entries, [{ time: "2026-12-02 09:00", title: "mine", body: "body" }, { time: "later", title: "", body: "" }]);
  });

  const corrupt: Array<[string, string]> = [
    ["no heading", "## 2026 · x\nbody\n"],
    ["no key comment", `${HEADING}\n\n## x\n`],
    ["a key that is not JSON", `${HEADING}\n<!-- agentmux-capture {nope -->\n`],
    ["a key lacking a field", `${HEADING}\n<!-- agentmux-capture {"backend":"claude"} -->\n`],
    ["text before the first entry", `${HEADING}\n<!-- agentmux-capture ${JSON.stringify(key)} -->\nstray\n## x\n`],
    ["an empty file", ""],
  ];
  for (const [name, text] of corrupt) {
    it(`refuses ${name} (never reads it as empty)`, () => {
      assert.throws(() => parseCaptureFile(text), CaptureFormatError);
    });
  }

  it("titles an entry by its first non-blank line, shortened to 60 characters", () => {
    assert.equal(titleOf("\n\n  hello   world \nmore"), "hello world");
    assert.equal(titleOf("red \u001b[31mtext\u0007"), "red [31mtext");
    assert.equal([...titleOf("é".repeat(80))].length, 60);
    assert.ok(titleOf("é".repeat(80)).endsWith("…"));
  });

  it("stores bodies without CR and without leading or trailing blank lines", () => {
    assert.equal(normalBody("\r\n\n  a\r\nb  \n\n"), "  a\nb  ");
  });

  it("writes the local time to the minute", () => {
    assert.equal(entryTime(new Date(2026, 0, 2, 3, 4, 59)), "2026-01-02 03:04");
  });
});
