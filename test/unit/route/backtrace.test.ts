import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { backtrace, EXCERPT_LIMIT, excerpt, LINE_LIMIT, looksLikeError } from "../../../src/route/backtrace.ts";
import type { ExtractEnv, RouteContext } from "../../../src/route/context.ts";

const FIXTURES = resolve(import.meta.dirname, "..", "..", "fixtures", "route");

describe("error texts and backtraces", () => {
  it("looks like an error", () => {
    for (const text of ["TypeError: x is undefined", "Traceback (most recent call last):\n  File \"a.py\", line 3, in <module>", "panic: runtime error", "Debugger entered--Lisp error: (void-function foo)", "error[E0308]: mismatched types", "    at foo (/a.js:1:2)"]) {
      assert.ok(looksLikeError(text), text);
    }
    for (const text of ["hello world", "please look at the docs"]) assert.ok(!looksLikeError(text), text);
  });
  it("the excerpt cuts each line at 400 characters and the whole at 100,000", () => {
    assert.equal(LINE_LIMIT, 400);
    assert.equal(EXCERPT_LIMIT, 100_000);
    const long = excerpt(`short\n${"y".repeat(1000)}\nend`);
    assert.deepEqual(long.text.split("\n").map((l) => l.length), [5, 400, 3]);
    assert.ok(long.cut);
    const many = excerpt(Array.from({ length: 1000 }, () => "z".repeat(399)).join("\n"));
    assert.ok(many.text.length <= 100_000 && many.text.length > 99_000);
    assert.ok(many.cut);
    assert.deepEqual(excerpt("a\nb\n"), { text: "a\nb", cut: false });
  });
  it("is submitted with instructions to fix it; the full text is saved and its path is in the prompt", async () => {
    const state = mkdtempSync(join(tmpdir(), "agentmux-bt-"));
    try {
      const env = { env: process.env, stateDir: state, resolveDirectory: true } as unknown as ExtractEnv;
      const context = await backtrace.extract({ text: "backtrace.txt", source: "the argument", cwd: FIXTURES }, env) as RouteContext;
      assert.equal(context.submit, true);
      assert.match(context.payload, /^Find the cause of this error and fix it\. The full text is saved in (\S+)\. The excerpt below is shortened/);
      const saved = /saved in (\S+)\./.exec(context.payload)?.[1] ?? "";
      assert.ok(saved.startsWith(join(state, "route")));
      assert.equal(readFileSync(saved, "utf8"), readFileSync(join(FIXTURES, "backtrace.txt"), "utf8"));
      assert.ok(context.payload.split("\n").every((l) => l.length <= 400));
      assert.match(context.text ?? "", /^TypeError/);
      context.undo?.();
      assert.ok(!existsSync(saved));
      const running = await backtrace.extract({ text: "Error: boom\n    at x (/a.js:1:1)", source: "stdin", cwd: "/" }, { ...env, resolveDirectory: false }) as RouteContext;
      assert.equal(running.text, undefined, "a running session: nothing to rank");
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  });

  it("an error file larger than 16 MiB is refused, not read whole and saved", async () => {
    const state = mkdtempSync(join(tmpdir(), "agentmux-bt-"));
    try {
      const file = join(state, "huge.log");
      writeFileSync(file, `TypeError: x\n${"    at f (/a.js:1:1)\n".repeat(Math.ceil(16 * 1024 * 1024 / 20))}`);
      const env = { env: process.env, stateDir: state, resolveDirectory: true } as unknown as ExtractEnv;
      assert.ok(backtrace.matches({ text: file, source: "the argument", cwd: "/" }));
      await assert.rejects(backtrace.extract({ text: file, source: "the argument", cwd: "/" }, env), { message: `error file ${file} is larger than 16 MiB` });
      assert.ok(!existsSync(join(state, "route")), "nothing saved");
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  });
});
