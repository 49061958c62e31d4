import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { columnWidths, layoutRows, plainRow } from "../../src/switcher/layout.ts";
import { ageOf, orderRows, toneOf, type Row } from "../../src/switcher/rows.ts";
import { displayWidth, truncate } from "../../src/util/width.ts";
import { formatDuration } from "../../src/util/duration.ts";
import { formatAge } from "../../src/util/text.ts";

const row = (patch: Partial<Row>): Row => ({
  pane: "%1", key: "a", icon: "✻", name: "api", account: "", annotation: "", age: "", status: "", stale: false, tone: "plain", ...patch,
});

describe("display width", () => {
  const rows: Array<[string, number]> = [
    ["api", 3], ["日本語", 6], ["日本語proj", 10], ["ｆｕｌｌ", 8], ["한글", 4], ["é", 1], ["e\u0301", 1], ["✻ ◎ ▸", 5],
    ["🚀", 2], ["👩‍💻", 2], ["⏱ 1m", 4], ["", 0], ["a\u200bb", 2],
  ];
  for (const [text, width] of rows) it(`${JSON.stringify(text)} is ${width} columns`, () => assert.equal(displayWidth(text), width));
  // From Unicode's East Asian Width table: CJK beyond the BMP, newer emoji, combining marks.
  const more: Array<[string, number]> = [
    ["𠮷野家", 6], ["中文abc", 7], ["ㄅ", 2], ["〜", 2], ["ｱ", 1], ["Ω", 1], ["±", 1],
    ["🫠", 2], ["🪿", 2], ["🧑‍🤝‍🧑", 2], ["👍🏽", 2], ["⚡", 2], ["✅ ok", 5],
    ["a\u0300\u0301", 1], ["न\u094d", 1], ["e\u20dd", 1], ["x\ufe0f", 1], ["\u2060", 0],
  ];
  for (const [text, width] of more) it(`${JSON.stringify(text)} is ${width} columns`, () => assert.equal(displayWidth(text), width));
});

describe("truncation with an ellipsis", () => {
  const rows: Array<[string, number, string]> = [
    ["hello world", 20, "hello world"], ["hello world", 11, "hello world"], ["hello world", 10, "hello wor…"],
    ["hello", 1, "…"], ["hello", 0, ""], ["日本語テキスト", 7, "日本語…"], ["日本語テキスト", 6, "日本…"], ["ab日本", 4, "ab…"],
  ];
  for (const [text, max, expected] of rows) {
    it(`${JSON.stringify(text)} in ${max} → ${JSON.stringify(expected)}`, () => {
      const out = truncate(text, max);
      assert.equal(out, expected);
      assert.ok(displayWidth(out) <= max);
    });
  }
});

describe("ages and turn timers", () => {
  const ages: Array<[number, string]> = [[0, "0s"], [12_400, "12s"], [59_999, "59s"], [60_000, "1m"], [150_000, "2m"], [3_600_000, "1h"], [86_400_000 * 3, "3d"]];
  for (const [ms, text] of ages) it(`age ${ms} ms → ${text}`, () => assert.equal(formatAge(ms), text));
  const turns: Array<[number, string]> = [[5_000, "5s"], [92_000, "1m32s"], [65_000, "1m05s"], [3_900_000, "1h05m"]];
  for (const [ms, text] of turns) it(`turn ${ms} ms → ${text}`, () => assert.equal(formatDuration(ms), text));
  it("a working session shows the turn's duration, an unobserved state no age", () => {
    const now = 1_000_000;
    assert.equal(ageOf({ state: "working", stateSince: now - 10_000, turnStart: now - 92_000 }, now), "⏱ 1m32s");
    assert.equal(ageOf({ state: "waiting", stateSince: now - 125_000, turnStart: null }, now), "2m");
    assert.equal(ageOf({ state: "unknown", stateSince: now - 5_000, turnStart: null }, now), "");
    assert.equal(ageOf({ state: "idle", stateSince: null, turnStart: null }, now), "");
  });
});

describe("tones and order", () => {
  const rows: Array<[Parameters<typeof toneOf>[0], string]> = [
    [{ state: "waiting", background: false, snoozed: false }, "waiting"],
    [{ state: "waiting", background: true, snoozed: false }, "background"],
    [{ state: "blocked", background: false, snoozed: false }, "blocked"],
    [{ state: "unknown", background: false, snoozed: false }, "unknown"],
    [{ state: "working", background: false, snoozed: false }, "plain"],
    [{ state: "blocked", background: false, snoozed: true }, "snoozed"],
  ];
  for (const [input, tone] of rows) it(`${JSON.stringify(input)} → ${tone}`, () => assert.equal(toneOf(input), tone));
  it("snoozed sessions come after all the others, each group in key order", () => {
    const ordered = orderRows([row({ key: "a", tone: "snoozed" }), row({ key: "s" }), row({ key: "d", tone: "snoozed" }), row({ key: "f", tone: "waiting" })]);
    assert.deepEqual(ordered.map((r) => r.key), ["s", "f", "a", "d"]);
  });
});

describe("row layout", () => {
  it("aligns names with double-width characters and leaves off trailing padding", () => {
    const laid = layoutRows([row({ name: "日本語proj", age: "2m" }), row({ key: "s", name: "api", age: "12s" }), row({ key: "d", name: "web" })], { width: 60 });
    assert.deepEqual(laid.map((r) => plainRow(r)), [
      " a ✻ 日本語proj   2m",
      " s ✻ api         12s",
      " d ✻ web",
    ]);
  });
  it("omits the account column when no session has one, keeps it blank for those without", () => {
    assert.equal(plainRow(layoutRows([row({ status: "x" })], { width: 40 })[0]!), " a ✻ api  x");
    const laid = layoutRows([row({ account: "work", status: "x" }), row({ key: "s", status: "y" })], { width: 40 });
    assert.deepEqual(laid.map((r) => plainRow(r)), [" a ✻ api  work  x", " s ✻ api        y"]);
  });
  it("marks the selected row", () => {
    assert.equal(plainRow(layoutRows([row({})], { width: 40 })[0]!, true), "›a ✻ api");
  });
  it("fits every row to the width, cutting text with an ellipsis", () => {
    const rows = [row({ annotation: "a".repeat(80), age: "3d", status: "Testing the pagination fix in the API handlers" }), row({ key: "s", name: "日本語".repeat(10) })];
    for (const width of [30, 50, 80, 120]) {
      for (const r of layoutRows(rows, { width })) assert.ok(displayWidth(plainRow(r)) <= width, `${width}: ${plainRow(r)}`);
    }
    const [first] = layoutRows(rows, { width: 60 });
    assert.match(first!.annotation, /…$/);
  });
});

describe("the annotation and the status share what is left", () => {
  // Name 3, lead 5 (marker, key, space, icon, space), age 2 + 2: at width 60 the two columns have 60-5-3-4-4 = 44.
  const widths = (annotation: number, status: number, cap?: number | null) =>
    columnWidths([row({ annotation: "x".repeat(annotation), status: "y".repeat(status), age: "2m" })], { width: 60, annotationMaxWidth: cap });
  const rows: Array<[string, number, number, number | null | undefined, number, number]> = [
    ["both fit", 10, 10, undefined, 10, 10],
    ["both long: half each", 100, 100, undefined, 22, 22],
    ["a short status leaves its room to the annotation", 100, 5, undefined, 39, 5],
    ["a short annotation leaves its room to the status", 5, 100, undefined, 5, 39],
    ["the cap narrows the annotation only", 100, 100, 10, 10, 34],
    ["a zero cap hides the annotation, the status stays", 100, 10, 0, 0, 10],
    ["no status: the annotation takes it all", 100, 0, undefined, 46, 0],
  ];
  for (const [what, ann, status, cap, annW, statusW] of rows) {
    it(what, () => {
      const w = widths(ann, status, cap);
      assert.deepEqual([w.annotation, w.status], [annW, statusW]);
    });
  }
  it("a zero cap renders the bare row, age and status still shown", () => {
    const [r] = layoutRows([row({ annotation: "summary", age: "2m", status: "busy" })], { width: 60, annotationMaxWidth: 0 });
    assert.equal(plainRow(r!), " a ✻ api  2m  busy");
  });
});

describe("the stats line", () => {
  it("statsLine takes the first non-empty line, trimmed; a failing command gives nothing", async () => {
    const { statsLine } = await import("../../src/switcher/annotations.ts");
    const entry = { pane: "%7", name: "api", dir: "/", id: "", backend: "claude", account: "", state: "idle" } as never;
    assert.equal(await statsLine('printf "\\n  cost 1.25  \\nmore\\n"', entry), "cost 1.25");
    assert.equal(await statsLine('echo "$AGENTMUX_SESSION"', entry), "%7");
    assert.equal(await statsLine("exit 3", entry), "");
  });
});
