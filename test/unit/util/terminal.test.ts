import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { takeTerminal } from "../../../src/util/terminal.ts";

/** A terminal's two ends, recording what a view does to them. */
function fakeTerminal() {
  const calls: string[] = [];
  const stdin = {
    setRawMode: (on: boolean) => { calls.push(`raw ${on}`); },
    setEncoding: (e: string) => { calls.push(`encoding ${e}`); },
    resume: () => { calls.push("resume"); },
    pause: () => { calls.push("pause"); },
  } as unknown as NodeJS.ReadStream;
  const stdout = { write: (s: string) => { calls.push(`write ${JSON.stringify(s)}`); return true; } } as unknown as NodeJS.WriteStream;
  return { stdin, stdout, calls };
}

describe("takeTerminal", () => {
  it("takes raw UTF-8 keys, hides the cursor and clears; giving back clears again and shows the cursor", () => {
    const t = fakeTerminal();
    const giveBack = takeTerminal(t.stdin, t.stdout);
    assert.deepEqual(t.calls, ["raw true", "encoding utf8", "resume", 'write "\\u001b[?25l\\u001b[2J"']);
    t.calls.length = 0;
    giveBack();
    assert.deepEqual(t.calls, ["raw false", "pause", 'write "\\u001b[H\\u001b[2J\\u001b[?25h"']);
  });

  it("on the alternate screen without wrapping: both are undone on giving back, the shell's screen returns", () => {
    const t = fakeTerminal();
    const giveBack = takeTerminal(t.stdin, t.stdout, { alternate: true, noWrap: true });
    assert.equal(t.calls.at(-1), 'write "\\u001b[?1049h\\u001b[?25l\\u001b[?7l\\u001b[2J"');
    giveBack();
    assert.equal(t.calls.at(-1), 'write "\\u001b[?7h\\u001b[?25h\\u001b[?1049l"');
  });
});
