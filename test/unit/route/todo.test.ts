import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { findLineAgain, markedLine, markerFits, markInProgress, todo, todoAt, todoLocation } from "../../../src/route/todo.ts";
import type { ExtractEnv, RouteContext } from "../../../src/route/context.ts";
import { makeFifo } from "../../helpers/fifo.ts";

const FIXTURES = resolve(import.meta.dirname, "..", "..", "fixtures", "route");
const envWith = (marker?: string) => ({ env: process.env, config: { route: { todoInProgress: marker } } } as unknown as ExtractEnv);

describe("TODO items", () => {
  it("FILE:LINE is a location; a URL with a port is not", () => {
    assert.deepEqual(todoLocation("notes #1.md:12"), { file: "notes #1.md", line: 12 });
    assert.equal(todoLocation("https://example.com:8080"), null);
    assert.equal(todoLocation("a.md:0"), null);
  });
  it("a Markdown item's prompt is its text and its indented body", () => {
    const lines = readFileSync(join(FIXTURES, "todo.md"), "utf8").split("\n");
    assert.equal(todoAt(lines, 3)?.prompt, 'Fix the login redirect in "web #2"\n\nIt loops when the cookie is 100% stale.\nSee web/src/auth.ts.');
    assert.equal(todoAt(lines, 6)?.prompt, "Another task");
    assert.equal(todoAt(lines, 2), null, "a done item");
    assert.equal(todoAt(lines, 0), null);
  });
  it("an Org heading's prompt is its title (tags dropped) and its body up to the next heading", () => {
    const lines = readFileSync(join(FIXTURES, "todo.org"), "utf8").split("\n");
    assert.equal(todoAt(lines, 1)?.prompt, "Rename the ünïcode module\n\nThe module name breaks imports on macOS.");
    assert.equal(todoAt(lines, 4), null, "DONE");
  });
  it("markers: a box for Markdown, a keyword for Org", () => {
    assert.ok(markerFits("[-]", "markdown") && !markerFits("DOING", "markdown"));
    assert.ok(markerFits("DOING", "org") && !markerFits("[-]", "org"));
    assert.equal(markedLine("  - [ ] Fix it", "[-]", "markdown"), "  - [-] Fix it");
    assert.equal(markedLine("** TODO Fix it :x:", "DOING", "org"), "** DOING Fix it :x:");
  });
  it("finds the line again: in place, else the nearest copy, else gone", () => {
    assert.equal(findLineAgain(["a", "b"], 1, "b"), 1);
    assert.equal(findLineAgain(["x", "b", "y", "z", "b"], 3, "b"), 4);
    assert.equal(findLineAgain(["x"], 0, "b"), -1);
  });
  it("is submitted; with route.todoInProgress the item moves after delivery, found again when lines were added, left alone once gone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-todo-"));
    try {
      const file = join(dir, "tâches #1.md");
      copyFileSync(join(FIXTURES, "todo.md"), file);
      chmodSync(file, 0o640);
      const context = await todo.extract({ text: "tâches #1.md:4", source: "the argument", cwd: dir }, envWith("[-]")) as RouteContext;
      assert.equal(context.submit, true);
      assert.match(context.payload, /^Fix the login redirect/);
      writeFileSync(file, `new first line\n${readFileSync(file, "utf8")}`);
      assert.equal(context.after?.(), null);
      const lines = readFileSync(file, "utf8").split("\n");
      assert.equal(lines[4], '- [-] Fix the login redirect in "web #2"');
      assert.equal(lines[7], "- [ ] Another task");
      assert.equal(statSync(file).mode & 0o777, 0o640, "the mode stays");
      const again = await todo.extract({ text: `${file}:8`, source: "the argument", cwd: "/" }, envWith("[-]")) as RouteContext;
      writeFileSync(file, "all rewritten\n");
      assert.match(again.after?.() ?? "", /no longer in/);
      assert.equal(readFileSync(file, "utf8"), "all rewritten\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("without a marker, or with one of the other style, the TODO keeps its state", async () => {
    assert.equal(((await todo.extract({ text: "todo.org:2", source: "a", cwd: FIXTURES }, envWith())) as RouteContext).after, undefined);
    const mismatch = await todo.extract({ text: "todo.org:2", source: "a", cwd: FIXTURES }, envWith("[-]")) as RouteContext;
    assert.equal(mismatch.after, undefined);
    assert.match(mismatch.notes?.[0] ?? "", /not an Org keyword/);
  });
  it("a line that is no TODO, and a missing file, are errors naming the fix", async () => {
    await assert.rejects(todo.extract({ text: "todo.md:1", source: "a", cwd: FIXTURES }, envWith()), /line 1 of .*todo\.md is not an open TODO/);
    await assert.rejects(todo.extract({ text: "nope.md:1", source: "a", cwd: FIXTURES }, envWith()), /TODO file .*nope\.md cannot be read: ENOENT/);
  });
  it("a selected TODO line routes as its text", async () => {
    const context = await todo.extract({ text: "* TODO Write docs\n  for route\n", source: "the selection", cwd: "/" }, envWith("DOING")) as RouteContext;
    assert.equal(context.payload, "Write docs\n\nfor route");
    assert.equal(context.after, undefined);
  });
  it("a TODO file that is a FIFO, or a link to /dev/zero, is refused at once, saying what it is", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-todo-"));
    const stop = makeFifo(join(dir, "todo.md"));
    try {
      symlinkSync("/dev/zero", join(dir, "zero.md"));
      await assert.rejects(todo.extract({ text: "todo.md:1", source: "the argument", cwd: dir }, envWith("[-]")), { message: `TODO file ${join(dir, "todo.md")} is a FIFO, not a regular file` });
      await assert.rejects(todo.extract({ text: "zero.md:1", source: "the argument", cwd: dir }, envWith("[-]")), { message: `TODO file ${join(dir, "zero.md")} is a character device, not a regular file` });
    } finally {
      stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("the marker is written through a TODO file that is a symlink: the link stays, its target changes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-todo-"));
    try {
      mkdirSync(join(dir, "notes"));
      copyFileSync(join(FIXTURES, "todo.md"), join(dir, "notes", "todo.md"));
      symlinkSync(join("notes", "todo.md"), join(dir, "todo.md"));
      const context = await todo.extract({ text: "todo.md:4", source: "the argument", cwd: dir }, envWith("[-]")) as RouteContext;
      assert.equal(context.after?.(), null);
      assert.ok(lstatSync(join(dir, "todo.md")).isSymbolicLink(), "the link was replaced by a file");
      assert.equal(readlinkSync(join(dir, "todo.md")), join("notes", "todo.md"));
      assert.equal(readFileSync(join(dir, "notes", "todo.md"), "utf8").split("\n")[3], '- [-] Fix the login redirect in "web #2"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("markInProgress leaves an unreadable file alone", () => {
    assert.match(markInProgress("/nonexistent/x.md", 0, { style: "markdown", line: "- [ ] a", prompt: "a" }, "[-]") ?? "", /could not be read/);
  });
});
