import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { encodeQr, formatBits, QR_MAX_BYTES, renderQr, rsRemainder } from "../../../src/remote/qr.ts";

describe("the QR encoder (pairing address in the terminal)", () => {
  it("Reed-Solomon codewords as the standard's worked example (1-M, HELLO WORLD)", () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    assert.deepEqual(rsRemainder(data, 10), [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it("format bits for level M: mask 0 is 101010000010010, mask 5 is 100000011001110", () => {
    assert.equal(formatBits(0).toString(2).padStart(15, "0"), "101010000010010");
    assert.equal(formatBits(5).toString(2).padStart(15, "0"), "100000011001110");
  });

  it("the smallest version that holds the text; finder patterns in three corners, timing lines, the dark module", () => {
    assert.equal(encodeQr("hi").length, 21);
    assert.equal(encodeQr("http://100.101.102.103:8787/#pair=ABCD-EFGH").length, 33);
    assert.equal(encodeQr("x".repeat(QR_MAX_BYTES)).length, 41);
    assert.throws(() => encodeQr("x".repeat(QR_MAX_BYTES + 1)), /holds 106 bytes/);
    const g = encodeQr("http://100.101.102.103:8787/#pair=ABCD-EFGH");
    const n = g.length;
    const finder = (x0: number, y0: number) => Array.from({ length: 7 }, (_, y) => Array.from({ length: 7 }, (_, x) => (g[y0 + y]?.[x0 + x] ? "1" : "0")).join(""));
    const expected = ["1111111", "1000001", "1011101", "1011101", "1011101", "1000001", "1111111"];
    assert.deepEqual(finder(0, 0), expected);
    assert.deepEqual(finder(n - 7, 0), expected);
    assert.deepEqual(finder(0, n - 7), expected);
    for (let i = 8; i < n - 8; i++) assert.equal(g[6]?.[i], i % 2 === 0, `timing at ${i}`);
    assert.equal(g[n - 8]?.[8], true, "the dark module");
  });

  it("renders two rows per line, black on white, with a quiet zone", () => {
    const lines = renderQr(encodeQr("hi"));
    assert.equal(lines.length, Math.ceil((21 + 4) / 2));
    assert.ok(lines.every((l) => l.startsWith("\x1b[30;107m") && l.endsWith("\x1b[0m")));
    assert.equal([...lines[0]!.replace(/\x1b\[[\d;]*m/g, "")].length, 25);
  });
});
