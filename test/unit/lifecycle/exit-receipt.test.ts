import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseReceipt, type ReceiptReading } from "../../../src/lifecycle/exit-receipt.ts";

describe("exit receipts", () => {
  const cases: Array<[string, string | null, ReceiptReading["kind"]]> = [
    ["success", '{"status":"success"}', "accepted"],
    ["no-op", '{"status":"no-op"}', "accepted"],
    ["failure", '{"status":"failure","message":"m"}', "failure"],
    ["another status", '{"status":"ok"}', "unknown-status"],
    ["no status", "{}", "unknown-status"],
    ["an array", "[]", "invalid"],
    ["not JSON", "not json", "invalid"],
    ["no file", null, "missing"],
  ];
  for (const [name, text, kind] of cases) it(name, () => assert.equal(parseReceipt(text).kind, kind));
  it("keeps a failure's message", () => assert.deepEqual(parseReceipt('{"status":"failure","message":"no log"}'), { kind: "failure", message: "no log" }));
});
