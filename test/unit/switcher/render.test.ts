import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { BESIDE_WIDTH, frameLines, listLines, splitRoom, FOOTER_KEYS } from "../../../src/switcher/render.ts";
import { displayWidth } from "../../../src/util/width.ts";
import type { Row } from "../../../src/switcher/rows.ts";
import { orderRows } from "../../../src/switcher/rows.ts";
import { initialState } from "../../../src/switcher/state.ts";

const row = (key: string, name: string, tone: Row["tone"], glyph: string, patch: Partial<Row> = {}): Row => ({
  pane: `%${10 + key.charCodeAt(0)}`, key, icon: "✻", name, account: "", annotation: "", age: "3m", status: "", stale: false, tone, glyph, wants: "", since: 1, ...patch,
});
const ESC = /[\x1b\u009b]/;
const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, "");
const ROWS = orderRows([
  row("a", "api", "plain", "◐"), row("s", "web", "waiting", "●", { wants: "Done: the tests pass" }), row("d", "docs", "blocked", "⚠", { wants: "Bash: rm -rf /tmp/x" }),
  row("f", "日本語", "snoozed", "●"), row("g", "cli", "background", "◍"), row("h", "gone", "exited", "✕"), row("j", "new", "unknown", "?"),
]);

describe("the switcher's frame without colour (NO_COLOR)", () => {
  const before = process.env["NO_COLOR"];
  beforeEach(() => { process.env["NO_COLOR"] = "1"; });
  afterEach(() => {
    if (before === undefined) delete process.env["NO_COLOR"];
    else process.env["NO_COLOR"] = before;
  });

  it("has no escape code, and reads: headings, glyphs, the › marker, z for snoozed, what each wants", () => {
    const lines = frameLines({ ...initialState(ROWS), cursor: 1 }, { width: 80, height: 20, preview: { title: "web", lines: ["$ make", "\u001b[31mred"] } });
    for (const line of lines) assert.doesNotMatch(line, ESC, line);
    // 20 lines: 18 for the list and the preview, half each; the snoozed row is scrolled out of view.
    assert.deepEqual(lines.slice(0, 12).map((l) => l.trimEnd()), [
      " needs you (3)",
      " d ⚠  ✻ docs    3m  Bash: rm -rf /tmp/x",
      "›s ●  ✻ web     3m  Done: the tests pass",
      " g ◍  ✻ cli     3m",
      " others (3)",
      " a ◐  ✻ api     3m",
      " h ✕  ✻ gone    3m",
      " j ?  ✻ new     3m",
      " snoozed (1)",
      ` ── web ${"─".repeat(71)}`,
      " $ make",
      " red",
    ]);
    const end = frameLines({ ...initialState(ROWS), cursor: 6 }, { width: 80, height: 20 });
    assert.ok(end.includes("›f ●z ✻ 日本語  3m"), end.join("\n"));
    assert.match(lines[lines.length - 1]!, /d s g a … jump · \/ filter · tab preview · ↑↓ ⏎ · esc quit/);
  });
});

describe("the switcher's frame in colour", () => {
  const before = process.env["NO_COLOR"];
  beforeEach(() => { delete process.env["NO_COLOR"]; });
  afterEach(() => { if (before !== undefined) process.env["NO_COLOR"] = before; });

  it("colours the glyph with its state: blocked red, waiting yellow, snoozed dim italic", () => {
    const text = frameLines(initialState(ROWS), { width: 80, height: 20 }).join("\n");
    assert.match(text, /\x1b\[1;31m⚠ *\x1b\[0m/);
    assert.match(text, /\x1b\[33m● *\x1b\[0m/);
    assert.match(text, /\x1b\[2;3m●z\x1b\[0m/);
  });
  it("NO_COLOR set to the empty string keeps colour (no-color.org)", () => {
    process.env["NO_COLOR"] = "";
    assert.match(frameLines(initialState(ROWS), { width: 80, height: 20 }).join("\n"), /\x1b\[/);
  });
});

describe("sections", () => {
  it("another machine's sessions come last, in a section per host (headed even alone), most urgent first there", () => {
    const far = (name: string, tone: Row["tone"], since: number) => row("", name, tone, "●", { pane: `far:%${since}`, host: "far", since });
    const rows = orderRows([far("idle one", "plain", 1), row("a", "api", "plain", "◐"), far("late", "waiting", 9), far("first", "blocked", 5), row("g", "gpu", "waiting", "●", { pane: "gpu:%1", host: "gpu" })]);
    assert.deepEqual(rows.map((r) => r.name), ["api", "first", "late", "idle one", "gpu"]);
    const lines = listLines(rows, false);
    assert.deepEqual(lines.filter((l) => l.kind === "heading"), [{ kind: "heading", section: "rest", count: 1 }, { kind: "heading", section: "host:far", count: 3 }, { kind: "heading", section: "host:gpu", count: 1 }]);
    assert.deepEqual(listLines([far("x", "plain", 1)], false)[0], { kind: "heading", section: "host:far", count: 1 });
    assert.match(plain(frameLines(initialState(rows), { width: 80, height: 20 }).join("\n")), /on far \(3\)/);
  });
  it("no headings when every row is in one section, nor while a filter is typed", () => {
    const plain = [row("a", "api", "plain", "◐"), row("s", "web", "plain", "○")];
    assert.deepEqual(listLines(plain, false).map((l) => l.kind), ["row", "row"]);
    assert.deepEqual(listLines(ROWS, true).map((l) => l.kind), ROWS.map(() => "row"));
    assert.deepEqual(listLines([row("a", "x", "waiting", "●"), row("s", "y", "snoozed", "●")], false), [
      { kind: "heading", section: "inbox", count: 1 }, { kind: "row", index: 0 }, { kind: "heading", section: "snoozed", count: 1 }, { kind: "row", index: 1 },
    ]);
  });
  it("the highlighted row stays in view when the list scrolls, headings counted", () => {
    const lines = frameLines({ ...initialState(ROWS), cursor: 6 }, { width: 60, height: 6 }).map(plain);
    assert.equal(lines.length, 6);
    assert.ok(lines.some((l) => l.startsWith("›f")), lines.join("\n"));
  });
});

describe("the preview", () => {
  it("takes the lower half (the list at least 3 lines), none when the popup is too small or it is off", () => {
    assert.deepEqual(splitRoom(20, 12, true), { list: 10, preview: 10 });
    assert.deepEqual(splitRoom(20, 2, true), { list: 2, preview: 18 });
    assert.deepEqual(splitRoom(8, 12, true), { list: 4, preview: 4 });
    assert.deepEqual(splitRoom(7, 12, true), { list: 7, preview: 0 });
    assert.deepEqual(splitRoom(20, 12, false), { list: 20, preview: 0 });
  });
  it("shows the screen's last lines under a title, … while it loads; the frame keeps the popup's height", () => {
    const state = initialState([row("a", "api", "plain", "◐")]);
    const screen = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    const lines = frameLines(state, { width: 40, height: 12, preview: { title: "api", lines: screen } }).map(plain);
    assert.equal(lines.length, 12);
    assert.match(lines[1]!, /── api ─+$/);
    assert.deepEqual(lines.slice(2, 10).map((l) => l.trim()), Array.from({ length: 8 }, (_, i) => `line ${22 + i}`));
    const loading = frameLines(state, { width: 40, height: 12, preview: { title: "api", lines: null } });
    assert.equal(plain(loading[2]!).trim(), "…");
    assert.equal(frameLines(state, { width: 40, height: 12 }).length, 12);
  });
  it("cuts wide screen lines to the width", () => {
    const lines = frameLines(initialState([row("a", "api", "plain", "◐")]), { width: 30, height: 12, preview: { title: "api", lines: ["日本語".repeat(20)] } });
    assert.match(lines[2]!, /…$/);
  });
  it("beside the list when the popup is wide, every line within the width", () => {
    const wide = frameLines(initialState(ROWS), { width: 161, height: 12, preview: { title: "docs", lines: ["$ make", "日本語".repeat(40)] } }).map(plain);
    assert.equal(wide.length, 12);
    assert.match(wide[0]!, /^ needs you \(3\) +│ ── docs ─+$/);
    assert.match(wide[1]!, /^›d ⚠ {2}✻ docs .*│ \$ make$/);
    assert.equal(wide[1]!.indexOf("│"), 88, "the list takes 55% of 160 columns");
    for (const line of wide) assert.ok(displayWidth(line) <= 160, `${displayWidth(line)}: ${line}`);
    assert.match(wide[2]!, /│ 日本語.*…$/);
    const narrow = frameLines(initialState(ROWS), { width: BESIDE_WIDTH, height: 12, preview: { title: "docs", lines: ["$ make"] } }).map(plain);
    assert.ok(narrow.every((l) => !l.includes("│")), "one column narrower: below");
  });
  it("the footer names its key", () => assert.match(FOOTER_KEYS, /tab preview/));
});
