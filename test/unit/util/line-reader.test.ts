import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { eachLine } from "../../../src/util/line-reader.ts";

describe("eachLine", () => {
  it("each line of a stream, whatever the chunks, a multi-byte character split between two, the last line without its newline", async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    eachLine(stream, (l) => lines.push(l));
    const text = Buffer.from("%begin 1 2 1\nnaïve ✳ title\n\n%end 1 2 1\n%output %12 a\\033b\nlast");
    // Cut in the middle of "✳" (three bytes) and elsewhere.
    const cut = text.indexOf("✳") + 1;
    for (const [a, b] of [[0, 5], [5, cut], [cut, 30], [30, text.length]] as const) stream.write(text.subarray(a, b));
    stream.end();
    await new Promise((r) => stream.on("end", r));
    assert.deepEqual(lines, ["%begin 1 2 1", "naïve ✳ title", "", "%end 1 2 1", "%output %12 a\\033b", "last"]);
  });
});
