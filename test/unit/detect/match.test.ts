import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { describeMatcher, evaluate } from "../../../src/detect/match.ts";
import { ScreenRegions } from "../../../src/detect/regions.ts";
import type { Matcher, Region } from "../../../src/detect/types.ts";

const SCREEN: Region = { kind: "screen" };
const TITLE: Region = { kind: "title" };
const contains = (text: string, region?: Region): Matcher => ({ kind: "contains", text, region });
const regex = (source: string, region?: Region): Matcher => ({ kind: "regex", source, re: new RegExp(source, "u"), region });
const regions = (screen: string, title?: string) => new ScreenRegions(screen, { title, promptBox: /^> /u });
// A screen with no prompt box: the prompt-box region is absent.
const noBox = regions("Allow \"rm -rf #tmp\"? 100%\n  1. Yes", "⠋ my agent");

describe("evaluate", () => {
  it("contains and regex hold with the first line they match as evidence", () => {
    assert.deepEqual(evaluate(contains("100%"), noBox, SCREEN), { ok: true, evidence: "Allow \"rm -rf #tmp\"? 100%" });
    assert.deepEqual(evaluate(regex("^\\s*\\d+\\. Yes$"), noBox, SCREEN), { ok: true, evidence: "  1. Yes" });
    assert.deepEqual(evaluate(contains("No"), noBox, SCREEN), { ok: false, absent: false });
  });

  it("a matcher's own region overrides the inherited one, and children inherit their parent's", () => {
    assert.equal(evaluate(contains("⠋", TITLE), noBox, SCREEN).ok, true);
    assert.equal(evaluate(contains("⠋"), noBox, SCREEN).ok, false);
    assert.equal(evaluate({ kind: "any", of: [contains("⠋")], region: TITLE }, noBox, SCREEN).ok, true);
  });

  it("a region that is not on screen is absent, neither holding nor failing", () => {
    assert.deepEqual(evaluate(contains("x", { kind: "prompt-box" }), noBox, SCREEN), { ok: false, absent: true });
    assert.deepEqual(evaluate(contains("x", TITLE), regions("x"), SCREEN), { ok: false, absent: true });
  });

  it("not inverts, with no evidence, and not of an absent region stays absent", () => {
    assert.deepEqual(evaluate({ kind: "not", of: contains("No") }, noBox, SCREEN), { ok: true, evidence: null });
    assert.deepEqual(evaluate({ kind: "not", of: contains("Yes") }, noBox, SCREEN), { ok: false, absent: false });
    assert.deepEqual(evaluate({ kind: "not", of: contains("x", { kind: "prompt-box" }) }, noBox, SCREEN), { ok: false, absent: true });
  });

  it("any holds with the first child that does; it is absent only when every child is", () => {
    assert.deepEqual(evaluate({ kind: "any", of: [contains("No"), contains("Yes"), contains("Allow")] }, noBox, SCREEN), { ok: true, evidence: "  1. Yes" });
    const box: Region = { kind: "prompt-box" };
    assert.deepEqual(evaluate({ kind: "any", of: [contains("a", box), contains("b", box)] }, noBox, SCREEN), { ok: false, absent: true });
    assert.deepEqual(evaluate({ kind: "any", of: [contains("a", box), contains("No")] }, noBox, SCREEN), { ok: false, absent: false });
  });

  it("all holds when every child does, its evidence the first child's that has one, and fails as its first failing child", () => {
    assert.deepEqual(evaluate({ kind: "all", of: [{ kind: "not", of: contains("No") }, contains("Yes"), contains("Allow")] }, noBox, SCREEN), { ok: true, evidence: "  1. Yes" });
    assert.deepEqual(evaluate({ kind: "all", of: [contains("Yes"), contains("x", { kind: "prompt-box" }), contains("No")] }, noBox, SCREEN), { ok: false, absent: true });
  });
});

describe("describeMatcher", () => {
  it("says each matcher in words, with the regions it names", () => {
    const m: Matcher = { kind: "all", of: [regex("^› \\d+\\.", { kind: "bottom", lines: 3 }), { kind: "not", of: contains("\"quoted\" #%") }, { kind: "any", of: [contains("a"), contains("b")], region: TITLE }] };
    assert.equal(describeMatcher(m), "all of (regex /^› \\d+\\./ in the bottom 3 lines; not (contains \"\\\"quoted\\\" #%\"); any of (contains \"a\"; contains \"b\") in the title)");
  });
});
