import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, relative } from "node:path";
import { which } from "../../../src/util/which.ts";

let dir: string;
let first: string;
let second: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agentmux which #1 "));
  first = join(dir, "bin one");
  second = join(dir, "bin ünï");
  mkdirSync(first);
  mkdirSync(second);
});
afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

const program = (where: string, name: string, mode = 0o755) => {
  const path = join(where, name);
  writeFileSync(path, "#!/bin/sh\n", { mode });
  return path;
};
const path = (...dirs: string[]) => dirs.join(delimiter);

describe("which", () => {
  it("finds the first executable along PATH, in PATH's order", () => {
    program(first, "codex");
    const wanted = program(second, "codex");
    assert.equal(which("codex", path(second, first)), wanted);
  });

  it("skips a file that is not executable and a directory of that name", () => {
    program(first, "claude", 0o644);
    mkdirSync(join(second, "claude"));
    const third = join(dir, "third");
    mkdirSync(third);
    const wanted = program(third, "claude");
    assert.equal(which("claude", path(first, second, third)), wanted);
  });

  it("is null when nothing is found, and ignores empty PATH entries", () => {
    assert.equal(which("gemini", path(first, "", second)), null);
    assert.equal(which("gemini", ""), null);
  });

  it("a name with a slash is looked at itself, not along PATH, and made absolute", () => {
    const wanted = program(first, "my agent #1");
    assert.equal(which(wanted, path(second)), wanted);
    assert.equal(which(relative(process.cwd(), wanted), ""), wanted);
    assert.equal(which(join(second, "missing"), path(first)), null);
  });
});
