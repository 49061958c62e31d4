import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { columnWidths, layoutRows, plainRow, share, stateCell } from "../../../src/switcher/layout.ts";
import { type Row } from "../../../src/switcher/rows.ts";
import { displayWidth } from "../../../src/util/width.ts";

const row = (patch: Partial<Row>): Row => ({
  pane: "%1", key: "a", icon: "✻", name: "api", account: "", annotation: "", age: "", status: "", stale: false, tone: "plain", glyph: "○", wants: "", since: null, ...patch,
});

describe("row layout", () => {
  it("aligns names with double-width characters and leaves off trailing padding", () => {
    const laid = layoutRows([row({ name: "日本語proj", age: "2m" }), row({ key: "s", name: "api", age: "12s" }), row({ key: "d", name: "web" })], { width: 60 });
    assert.deepEqual(laid.map((r) => plainRow(r)), [
      " a ○ ✻ 日本語proj   2m",
      " s ○ ✻ api         12s",
      " d ○ ✻ web",
    ]);
  });
  it("omits the account column when no session has one, keeps it blank for those without", () => {
    assert.equal(plainRow(layoutRows([row({ status: "x" })], { width: 40 })[0]!), " a ○ ✻ api  x");
    const laid = layoutRows([row({ account: "work", status: "x" }), row({ key: "s", status: "y" })], { width: 40 });
    assert.deepEqual(laid.map((r) => plainRow(r)), [" a ○ ✻ api  work  x", " s ○ ✻ api        y"]);
  });
  it("marks the selected row", () => {
    assert.equal(plainRow(layoutRows([row({})], { width: 40 })[0]!, true), "›a ○ ✻ api");
  });
  it("fits every row to the width, cutting text with an ellipsis", () => {
    const rows = [
      row({ annotation: "a".repeat(80), age: "3d", wants: "Bash: rm -rf build && npm run build -- --watch", status: "Testing the pagination fix in the API handlers" }),
      row({ key: "s", name: "日本語".repeat(10), wants: "質問: どの色にしますか？".repeat(3), tone: "snoozed" }),
      row({ key: "d", name: "👩‍💻 émoji", glyph: "⚠", tone: "blocked" }),
    ];
    for (const width of [20, 30, 50, 80, 120]) {
      for (const r of layoutRows(rows, { width })) assert.ok(displayWidth(plainRow(r)) <= Math.max(20, width), `${width}: ${plainRow(r)}`);
    }
    const [first] = layoutRows(rows, { width: 60 });
    assert.match(first!.annotation, /…$/);
    assert.match(first!.wants, /…\s*$/);
  });
});

describe("the state column", () => {
  it("shows the glyph, and z after it for a snoozed session, aligned", () => {
    assert.equal(stateCell(row({ glyph: "●" })), "●");
    assert.equal(stateCell(row({ glyph: "●", tone: "snoozed" })), "●z");
    const laid = layoutRows([row({ glyph: "⚠", tone: "blocked", age: "2m" }), row({ key: "s", glyph: "●", tone: "snoozed", age: "5m" })], { width: 60 });
    assert.deepEqual(laid.map((r) => plainRow(r)), [" a ⚠  ✻ api  2m", " s ●z ✻ api  5m"]);
  });
});

describe("what it wants", () => {
  it("comes after the age, before the status; a row without one keeps the column blank", () => {
    const laid = layoutRows([row({ age: "2m", wants: "Bash: touch x", status: "busy" }), row({ key: "s", age: "1h", status: "idle now" })], { width: 80 });
    assert.deepEqual(laid.map((r) => plainRow(r)), [" a ○ ✻ api  2m  Bash: touch x  busy", " s ○ ✻ api  1h                 idle now"]);
  });
  it("is cut to its share with an ellipsis, by display width", () => {
    const wants = "どの色にしますか: 1. 赤 2. 青 3. 緑 4. 黄色 5. 紫";
    const [r] = layoutRows([row({ wants, status: "s".repeat(60), annotation: "n".repeat(60) })], { width: 60 });
    // 60 - lead 7 - name 3 - three separators 6 = 44: a third each, the narrowest want first (14, then 15 and 15).
    assert.equal(displayWidth(r!.wants), 14);
    assert.match(r!.wants, /^どの色にしま…/);
  });
});

describe("the annotation, what it wants and the status share what is left", () => {
  // Name 3, lead 7 (marker, key, space, glyph, space, icon, space), age 2 + 2: at width 60 the shared columns have
  // 60-7-3-4 = 46, less 2 for each shown.
  const widths = (annotation: number, status: number, cap?: number | null, wants = 0) =>
    columnWidths([row({ annotation: "x".repeat(annotation), status: "y".repeat(status), wants: "w".repeat(wants), age: "2m" })], { width: 60, annotationMaxWidth: cap });
  const rows: Array<[string, number, number, number | null | undefined, number, number, number, number]> = [
    ["both fit", 10, 10, undefined, 0, 10, 0, 10],
    ["both long: half each", 100, 100, undefined, 0, 21, 0, 21],
    ["a short status leaves its room to the annotation", 100, 5, undefined, 0, 37, 0, 5],
    ["a short annotation leaves its room to the status", 5, 100, undefined, 0, 5, 0, 37],
    ["the cap narrows the annotation only", 100, 100, 10, 0, 10, 0, 32],
    ["a zero cap hides the annotation, the status stays", 100, 10, 0, 0, 0, 0, 10],
    ["no status: the annotation takes it all", 100, 0, undefined, 0, 44, 0, 0],
    ["all three long: a third each, the odd column to the last", 100, 100, undefined, 100, 13, 13, 14],
    ["a short wants leaves its room to the other two", 100, 100, undefined, 6, 17, 6, 17],
    ["wants alone takes it all", 0, 0, undefined, 100, 0, 44, 0],
    ["wants and status, no annotation", 0, 100, undefined, 100, 0, 21, 21],
  ];
  for (const [what, ann, status, cap, wants, annW, wantsW, statusW] of rows) {
    it(what, () => {
      const w = widths(ann, status, cap, wants);
      assert.deepEqual([w.annotation, w.wants, w.status], [annW, wantsW, statusW]);
    });
  }
  it("share: equal parts, what a narrow column leaves goes to the others", () => {
    assert.deepEqual(share([100, 100, 100], 30), [10, 10, 10]);
    assert.deepEqual(share([2, 100, 100], 30), [2, 14, 14]);
    assert.deepEqual(share([0, 100, 0], 30), [0, 30, 0]);
    assert.deepEqual(share([5, 5], 30), [5, 5]);
    assert.deepEqual(share([100, 100], -3), [0, 0]);
  });
  it("a zero cap renders the bare row, age and status still shown", () => {
    const [r] = layoutRows([row({ annotation: "summary", age: "2m", status: "busy" })], { width: 60, annotationMaxWidth: 0 });
    assert.equal(plainRow(r!), " a ○ ✻ api  2m  busy");
  });
});
