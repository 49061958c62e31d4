import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/config.ts";
import { ROOT } from "../helpers/tmux-server.ts";

describe("config validation", () => {
  it("an empty file gives the defaults", () => {
    const c = parseConfig("", "c.yml");
    assert.equal(c.defaultBackend, "claude");
    assert.deepEqual(c.backends, {});
  });
  it("reads backends", () => {
    const c = parseConfig("defaultBackend: codex\nbackends:\n  claude:\n    program: /opt/claude\n    args: [--verbose]\n", "c.yml");
    assert.equal(c.defaultBackend, "codex");
    assert.deepEqual(c.backends.claude, { program: "/opt/claude", args: ["--verbose"] });
  });
  const bad: Array<[string, string, RegExp]> = [
    ["unknown top key", "defaultBackend: claude\nbackend: {}\n", /c\.yml:2:1: backend: unknown key "backend" \(did you mean backends\?\)/],
    ["wrong enum", "defaultBackend: claud\n", /c\.yml:1:17: defaultBackend: "claud" is not one of claude, codex, opencode, gemini, generic \(did you mean claude\?\)/],
    ["unknown backend", "backends:\n  cursor: {}\n", /c\.yml:2:3: backends\.cursor: unknown key "cursor"/],
    ["args not a list", "backends:\n  claude:\n    args: --x\n", /c\.yml:3:11: backends\.claude\.args: expected a list of strings/],
    ["bool expected", "display:\n  backendSuffix: maybe\n", /c\.yml:2:18: display\.backendSuffix: expected true or false/],
    ["syntax", "backends: [\n", /c\.yml:\d+:\d+: \(syntax\)/],
    ["top not a map", "- a\n", /c\.yml:1:1: \(top level\): expected a mapping/],
  ];
  for (const [name, text, pattern] of bad) {
    it(`rejects: ${name}`, () => assert.throws(() => parseConfig(text, "c.yml"), pattern));
  }
  it("etc/config.example.yml is valid", () => {
    assert.doesNotThrow(() => parseConfig(readFileSync(join(ROOT, "etc", "config.example.yml"), "utf8"), "example"));
  });
});
