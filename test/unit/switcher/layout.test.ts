import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { columnWidths, layoutRows, plainRow } from "../../../src/switcher/layout.ts";
import { type Row } from "../../../src/switcher/rows.ts";
import { displayWidth } from "../../../src/util/width.ts";

const row = (patch: Partial<Row>): Row => ({
  pane: "%1", key: "a", icon: "✻", name: "api", account: "", annotation: "", age: "", status: "", stale: false, tone: "plain", ...patch,
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
