import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Ask } from "../../../src/core/ask.ts";
import { CHANGED, staleVerdict } from "../../../src/inbox/stale.ts";

const ask = (dialog: string): Ask => ({ kind: "permission", summary: "", text: [], options: ["Yes", "No"], dialog, source: "hook", at: 0 });

describe("the stale check", () => {
  const rows: Array<[string, Ask | null, { digest: string } | null, "answer" | "reply", string]> = [
    ["an answer into the same dialog goes", ask("abc"), { digest: "abc" }, "answer", "ok"],
    ["another dialog on screen: refused", ask("abc"), { digest: "xyz" }, "answer", CHANGED],
    ["no dialog any more: refused", ask("abc"), null, "answer", CHANGED],
    ["an Ask read without a dialog: refused", ask(""), { digest: "abc" }, "answer", "no dialog was read for it; nothing sent"],
    ["no Ask at all: refused", null, { digest: "abc" }, "answer", "no dialog was read for it; nothing sent"],
    ["a reply into an input line goes", ask(""), null, "reply", "ok"],
    ["a reply while a dialog opened: refused", ask(""), { digest: "abc" }, "reply", "a dialog is open there now; nothing sent"],
    ["a reply to the dialog it was read from goes", ask("abc"), { digest: "abc" }, "reply", "ok"],
    ["a reply when another dialog opened: refused", ask("abc"), { digest: "new" }, "reply", "a dialog is open there now; nothing sent"],
  ];
  for (const [name, a, screen, typing, want] of rows) {
    it(name, () => {
      const v = staleVerdict(a, screen, typing);
      assert.equal(v.ok ? "ok" : v.why, want);
    });
  }
});
