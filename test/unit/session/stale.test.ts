import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Ask } from "../../../src/core/ask.ts";
import { CHANGED, checkScreen, staleVerdict } from "../../../src/session/stale.ts";

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

describe("the screen check before keys go in", () => {
  /** A pane whose screen is `screen` (null: gone); a line "DIALOG <digest>" is a dialog with that digest. */
  const pane = (screen: string | null) => ({ tryCapture: async (_pane: string, options?: { join?: boolean }) => { assert.equal(options?.join, false, "captured as the daemon captures"); return screen; } });
  const read = (s: string) => { const m = /DIALOG (\w+)/.exec(s); return m ? { digest: m[1] as string, options: ["Yes"] } : null; };

  it("the dialog shown still on screen: ok, with that dialog", async () => {
    assert.deepEqual(await checkScreen(pane("x\nDIALOG abc"), "%1", "abc", read, "answer"), { ok: true, onScreen: { digest: "abc", options: ["Yes"] } });
  });
  it("another dialog, or a gone pane: refused, saying why", async () => {
    assert.deepEqual(await checkScreen(pane("DIALOG xyz"), "%1", "abc", read, "answer"), { ok: false, why: CHANGED, gone: false });
    assert.deepEqual(await checkScreen(pane("DIALOG xyz"), "%1", "", read, "reply"), { ok: false, why: "a dialog is open there now; nothing sent", gone: false });
    assert.deepEqual(await checkScreen(pane(null), "%1", "abc", read, "answer"), { ok: false, why: "its pane is gone; nothing sent", gone: true });
  });
  it("none shown and none on screen: a reply goes", async () => {
    assert.deepEqual(await checkScreen(pane("❯ "), "%1", "", read, "reply"), { ok: true, onScreen: null });
  });
});
