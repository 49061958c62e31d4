import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { positionalPrompt } from "../../../../src/backends/shared/prompt-arg.ts";

describe("positionalPrompt", () => {
  const rows: Array<[string, string | undefined, string[]]> = [
    ["no prompt: no argument", undefined, []],
    ["an empty prompt: no argument", "", []],
    ["a plain prompt: one argument, as written", "fix the 'login' bug #12 in 50 % of cases", ["fix the 'login' bug #12 in 50 % of cases"]],
    ["a prompt starting with - ends the options first", "-v explain", ["--", "-v explain"]],
    ["a prompt that is exactly --", "--", ["--", "--"]],
    ["a dash inside the prompt is no flag", "use a-b", ["use a-b"]],
  ];
  for (const [name, prompt, argv] of rows) it(name, () => assert.deepEqual(positionalPrompt(prompt), argv));
});
