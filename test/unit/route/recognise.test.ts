import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { recognise } from "../../../src/route/recognise.ts";

const FIXTURES = resolve(import.meta.dirname, "..", "..", "fixtures", "route");
const kind = (text: string) => recognise({ text, source: "the argument", cwd: FIXTURES }).kind;

describe("recognise: the first kind whose shape the thing has", () => {
  const table: Array<[string, string]> = [
    ["claude --resume 3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b in https://acme.slack.com/archives/C1/p1764583200123456", "resume line (claude --resume ID, codex resume ID)"],
    ["https://github.com/acme/api/issues/1\n", "GitHub URL"],
    ["TypeError in https://acme.slack.com/archives/C1/p1764583200123456", "Slack permalink"],
    ["todo.md:4", "TODO item"],
    ["- [ ] write it", "TODO item"],
    ["Mail/INBOX/cur/1764583200.M1P2.host,U=7:2,S", "maildir message"],
    ["backtrace.txt", "error text or backtrace"],
    ["Error: boom\n    at x (/a.js:1:1)", "error text or backtrace"],
  ];
  for (const [text, expected] of table) it(`${JSON.stringify(text)} → ${expected}`, () => assert.equal(kind(text), expected));
  it("nothing matching: an error naming every kind, in order", () => {
    assert.throws(() => kind("hello there"), (e: Error & { hint?: string }) => /cannot tell what "hello there"/.test(e.message)
      && e.hint === "route takes: resume line (claude --resume ID, codex resume ID), GitHub URL, Slack permalink, TODO item, maildir message, error text or backtrace");
  });
  it("a file that holds no error is no backtrace", () => {
    assert.throws(() => kind("todo.md"), /cannot tell what "todo\.md"/);
  });
  it("an empty thing is an error", () => {
    assert.throws(() => recognise({ text: " \n", source: "the paste buffer", cwd: "/" }), /nothing to route: the paste buffer is empty/);
  });
});
