import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { collectTodos, parseLineRange, syntaxOf, type TodoScope, type TodoSyntax } from "../../../src/batch/todos.ts";

const MARKDOWN = [
  "# Plan",                       // 1
  "",                             // 2
  "- [ ] Fix the parser",         // 3
  "  It drops the last line.",    // 4
  "",                             // 5
  "      keep this indented",     // 6
  "- [x] Done already",           // 7
  "- [ ] Rename 'x' #% to ünï",   // 8
  "## Later",                     // 9
  "* [ ] Write docs",             // 10
  "  1. [ ] nested item",         // 11
  "```",                          // 12
  "- [ ] not an item (code)",     // 13
  "```",                          // 14
  "# Other",                      // 15
  "+ [ ] Last one",               // 16
].join("\n");

const ORG = [
  "#+TITLE: tasks",                            // 1
  "* Project",                                 // 2
  "** TODO [#A] Fix the parser   :bug:urgent:", // 3
  "   SCHEDULED: <2026-12-01 Tue>",            // 4
  "   :PROPERTIES:",                           // 5
  "   :ID: abc",                               // 6
  "   :END:",                                  // 7
  "   It drops the last line.",                // 8
  "** DONE Shipped",                           // 9
  "** TODO Rename things",                     // 10
  "*** Notes",                                 // 11
  "    not part of the body",                  // 12
  "* Elsewhere",                               // 13
  "** TODO Outside",                           // 14
  "- [ ] a markdown item in org is body text",     // 15
].join("\n");

type Row = [string, string, TodoSyntax, TodoScope, Array<[number, string]>];
const ALL: TodoScope = { kind: "all" };
const cases: Row[] = [
  ["markdown, whole file", MARKDOWN, "markdown", ALL, [
    [3, "Fix the parser\n\nIt drops the last line.\n\n    keep this indented"],
    [8, "Rename 'x' #% to ünï"], [10, "Write docs"], [11, "nested item"], [16, "Last one"]]],
  ["markdown, a line range", MARKDOWN, "markdown", { kind: "lines", from: 4, to: 10 }, [[8, "Rename 'x' #% to ünï"], [10, "Write docs"]]],
  ["markdown, a range cuts a body", MARKDOWN, "markdown", { kind: "lines", from: 3, to: 4 }, [[3, "Fix the parser\n\nIt drops the last line."]]],
  ["markdown, a heading's subtree", MARKDOWN, "markdown", { kind: "heading", text: "later" }, [[10, "Write docs"], [11, "nested item"]]],
  ["markdown, a top heading holds its subheadings", MARKDOWN, "markdown", { kind: "heading", text: "Plan" }, [
    [3, "Fix the parser\n\nIt drops the last line.\n\n    keep this indented"], [8, "Rename 'x' #% to ünï"], [10, "Write docs"], [11, "nested item"]]],
  ["org, whole file", ORG, "org", ALL, [[3, "Fix the parser\n\nIt drops the last line."], [10, "Rename things"], [14, "Outside\n\n- [ ] a markdown item in org is body text"]]],
  ["org, a heading's subtree", ORG, "org", { kind: "heading", text: "Project" }, [[3, "Fix the parser\n\nIt drops the last line."], [10, "Rename things"]]],
  ["org, a TODO heading by its title", ORG, "org", { kind: "heading", text: "Rename things" }, [[10, "Rename things"]]],
  ["org, a line range", ORG, "org", { kind: "lines", from: 9, to: 20 }, [[10, "Rename things"], [14, "Outside\n\n- [ ] a markdown item in org is body text"]]],
  ["no entries", "# nothing\n\n- [x] done\n", "markdown", ALL, []],
  ["CRLF line ends", "- [ ] one\r\n  body\r\n- [ ] two\r\n", "markdown", ALL, [[1, "one\n\nbody"], [3, "two"]]],
];

describe("collectTodos", () => {
  for (const [name, text, syntax, scope, expected] of cases) {
    it(name, () => {
      const entries = collectTodos(text, syntax, scope);
      assert.deepEqual(entries.map((e) => [e.line, e.prompt]), expected);
      for (const e of entries) assert.equal(e.prompt.split("\n")[0], e.title);
    });
  }

  it("names a heading that does not exist, and lists those that do", () => {
    assert.throws(() => collectTodos(MARKDOWN, "markdown", { kind: "heading", text: "Nope" }), (e: Error & { hint?: string }) =>
      /no heading "Nope"/.test(e.message) && /"Plan", "Later", "Other"/.test(e.hint ?? ""));
  });

  it("refuses a heading title that several headings share", () => {
    assert.throws(() => collectTodos("# A\n- [ ] x\n# A\n- [ ] y\n", "markdown", { kind: "heading", text: "A" }), /2 headings read "A" \(lines 1, 3\)/);
  });

  it("refuses a range after the end of the file", () => {
    assert.throws(() => collectTodos("- [ ] x\n", "markdown", { kind: "lines", from: 10, to: 12 }), /starts after the end of the file/);
  });
});

describe("parseLineRange", () => {
  const good: Array<[string, { from: number; to: number }]> = [["3-7", { from: 3, to: 7 }], [" 5 ", { from: 5, to: 5 }], ["1 - 2", { from: 1, to: 2 }]];
  for (const [text, expected] of good) it(`reads "${text}"`, () => assert.deepEqual(parseLineRange(text), expected));
  for (const text of ["", "0-3", "7-3", "a-b", "3-", "-3", "1,2"]) {
    it(`refuses "${text}"`, () => assert.throws(() => parseLineRange(text), /is not a line range/));
  }
});

describe("syntaxOf", () => {
  it("reads .org as Org and anything else as Markdown", () => {
    assert.equal(syntaxOf("/x/todo.org"), "org");
    assert.equal(syntaxOf("TODO.ORG"), "org");
    assert.equal(syntaxOf("notes.md"), "markdown");
    assert.equal(syntaxOf("notes"), "markdown");
  });
});
