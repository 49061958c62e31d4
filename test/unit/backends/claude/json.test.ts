import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readClaudeJson, writeClaudeJson } from "../../../../src/backends/claude/json.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-claude-json-")));
let n = 0;
const dir = () => { const d = join(root, String(++n)); mkdirSync(d); return d; };
const snapshots = (d: string) => readdirSync(d).filter((f) => f.includes(".agentmux-snapshot-")).sort();
const NOW = () => new Date(2026, 2, 2, 12, 0, 0);
after(() => rmSync(root, { recursive: true, force: true }));

describe(".claude.json reads: retried, then warned once with a snapshot", () => {
  it("a file torn on the first read and whole before the retry is read, without a warning", () => {
    const d = dir();
    const file = join(d, ".claude.json");
    writeFileSync(file, '{"hasCompletedOnboarding": tr');
    const waits: number[] = [];
    const warnings: string[] = [];
    const read = readClaudeJson(file, { sleep: (ms) => { waits.push(ms); writeFileSync(file, '{"hasCompletedOnboarding": true}\n'); }, warn: (t) => warnings.push(t) });
    assert.equal(read.kind, "ok");
    assert.deepEqual(read.kind === "ok" ? read.value : undefined, { hasCompletedOnboarding: true });
    assert.deepEqual(waits, [50]);
    assert.deepEqual([warnings, snapshots(d)], [[], []]);
  });

  it("an empty file (the CLI truncated it to rewrite it) counts as torn", () => {
    const d = dir();
    const file = join(d, ".claude.json");
    writeFileSync(file, "");
    let waits = 0;
    const read = readClaudeJson(file, { sleep: () => { if (++waits === 3) writeFileSync(file, "{}"); }, warn: () => assert.fail("no warning") });
    assert.equal(read.kind, "ok");
    assert.equal(waits, 3);
  });

  it("a failure that persists waits over increasing delays, warns once per content, and keeps the exact bytes", () => {
    const d = dir();
    const file = join(d, ".claude.json");
    const bytes = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0xff, 0xfe, 0x0a]);
    writeFileSync(file, bytes);
    const waits: number[] = [];
    const warnings: string[] = [];
    const options = { sleep: (ms: number) => waits.push(ms), warn: (t: string) => warnings.push(t), now: NOW };
    const first = readClaudeJson(file, options);
    assert.deepEqual(waits, [50, 100, 200, 400]);
    assert.equal(first.kind, "invalid");
    assert.equal(first.kind === "invalid" ? first.snapshot : "", `${file}.agentmux-snapshot-20260302-120000`);
    assert.deepEqual(readFileSync(`${file}.agentmux-snapshot-20260302-120000`), bytes);
    assert.equal(statSync(`${file}.agentmux-snapshot-20260302-120000`).mode & 0o777, 0o600);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? "", /\.claude\.json is not valid JSON .* after 5 reads; its bytes are kept in .*agentmux-snapshot-20260302-120000/);
    assert.deepEqual(readFileSync(file), bytes, "the file itself is left alone");
    readClaudeJson(file, options);
    assert.equal(warnings.length, 1, "the same bytes again: no second warning");
    assert.equal(snapshots(d).length, 1);
    writeFileSync(file, "{oops");
    readClaudeJson(file, options);
    assert.equal(warnings.length, 2, "other bytes: warned again");
    assert.deepEqual(snapshots(d), [".claude.json.agentmux-snapshot-20260302-120000", ".claude.json.agentmux-snapshot-20260302-120000-2"]);
    assert.equal(readFileSync(join(d, ".claude.json.agentmux-snapshot-20260302-120000-2"), "utf8"), "{oops");
  });

  it("bytes kept by an earlier run are not warned about again", () => {
    const d = dir();
    const file = join(d, ".claude.json");
    writeFileSync(file, "[1,");
    writeFileSync(`${file}.agentmux-snapshot-20250101-000000`, "[1,");
    const read = readClaudeJson(file, { delays: [], warn: () => assert.fail("no warning") });
    assert.deepEqual(read, { kind: "invalid", error: read.kind === "invalid" ? read.error : "", snapshot: undefined });
    assert.equal(snapshots(d).length, 1);
  });

  it("a JSON value that is not an object does not count; a missing file is missing, without waiting", () => {
    const d = dir();
    writeFileSync(join(d, ".claude.json"), "[]");
    assert.equal(readClaudeJson(join(d, ".claude.json"), { delays: [], warn: () => undefined }).kind, "invalid");
    assert.deepEqual(readClaudeJson(join(d, "none.json"), { sleep: () => assert.fail("no wait") }), { kind: "missing" });
  });
});

describe(".claude.json writes", () => {
  it("go through a temporary file renamed into place, keeping the mode, the indentation and a link", () => {
    const d = dir();
    const real = join(d, "real.json");
    writeFileSync(real, '{\n    "a": 1\n}\n');
    chmodSync(real, 0o640);
    symlinkSync(real, join(d, ".claude.json"));
    writeClaudeJson(join(d, ".claude.json"), { a: 2 }, readFileSync(real, "utf8"));
    assert.equal(readFileSync(real, "utf8"), '{\n    "a": 2\n}\n');
    assert.equal(statSync(real).mode & 0o777, 0o640);
    assert.equal(readlinkSync(join(d, ".claude.json")), real);
    assert.deepEqual(readdirSync(d).sort(), [".claude.json", "real.json"], "no temporary file left");
    writeClaudeJson(join(d, "new.json"), { b: true });
    assert.equal(readFileSync(join(d, "new.json"), "utf8"), '{\n  "b": true\n}\n');
    assert.equal(statSync(join(d, "new.json")).mode & 0o777, 0o600);
  });
});
