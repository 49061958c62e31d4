import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { readSelection, saveSelection, selectionFile } from "../../../src/accounts/selection.ts";
import { readUsageCache, usageCacheFile } from "../../../src/accounts/usage-store.ts";
import { exitedFile, readExited, recordExited } from "../../../src/session/exited.ts";
import { readRegistry, recordServer, registryFile } from "../../../src/session/restore-registry.ts";
import { AgentmuxError } from "../../../src/util/errors.ts";
import { readStateFile, setStateFileReporting } from "../../../src/util/state-file.ts";

let dir: string;
let warnings: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agentmux-state-"));
  warnings = [];
  setStateFileReporting({ warn: (line) => warnings.push(line), keepAside: true });
});
afterEach(() => setStateFileReporting({ warn: (line) => process.stderr.write(`agentmux: warning: ${line}\n`), keepAside: true }));

const truncate = (file: string, text = '{"selected": {"claude": "wo') => { mkdirSync(dirname(file), { recursive: true }); writeFileSync(file, text); };
const kept = (file: string) => readdirSync(dirname(file)).filter((n) => n.startsWith(`${file.split("/").pop() ?? ""}.agentmux-corrupt-`));

describe("readStateFile", () => {
  it("tells a missing file, a good one and a corrupt one apart, and keeps the corrupt one aside", () => {
    const file = join(dir, "x.json");
    assert.deepEqual(readStateFile(file), { kind: "missing" });
    writeFileSync(file, '{"a": 1}');
    assert.deepEqual(readStateFile(file), { kind: "ok", value: { a: 1 } });
    truncate(file, '{"a": 1, "b');
    const read = readStateFile(file, { now: new Date(2026, 11, 1, 7, 30, 5) });
    assert.equal(read.kind, "corrupt");
    assert.equal(read.kind === "corrupt" && read.keptAt, `${file}.agentmux-corrupt-20261201-073005`);
    assert.equal(readFileSync(`${file}.agentmux-corrupt-20261201-073005`, "utf8"), '{"a": 1, "b', "every byte kept");
    assert.equal(existsSync(file), false);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? "", new RegExp(`${file} is corrupt \\(not valid JSON: .*\\); kept it as ${file}\\.agentmux-corrupt-20261201-073005`));
    assert.deepEqual(readStateFile(file), { kind: "missing" }, "the next read starts clean");
    assert.equal(warnings.length, 1, "warned once");
  });

  it("a file of the wrong shape is corrupt too", () => {
    const file = join(dir, "x.json");
    writeFileSync(file, "[1, 2]");
    assert.equal(readStateFile(file, { valid: (v) => typeof v === "object" && !Array.isArray(v) }).kind, "corrupt");
  });

  it("left in place (the daemon's reads), a corrupt file is warned about once however often it is read", () => {
    setStateFileReporting({ keepAside: false });
    const file = join(dir, "x.json");
    truncate(file);
    for (let i = 0; i < 3; i++) assert.equal(readStateFile(file).kind, "corrupt");
    assert.equal(existsSync(file), true);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? "", /left it in place/);
  });
});

describe("corrupt state files are never read as empty in silence", () => {
  it("a corrupt selection stops the command with an error naming both files; the next run starts clean", () => {
    truncate(selectionFile(dir));
    assert.throws(() => readSelection(dir), (error: unknown) => {
      assert.ok(error instanceof AgentmuxError);
      assert.match(error.message, new RegExp(`selection\\.json is corrupt .*kept it as .*selection\\.json\\.agentmux-corrupt-\\d{8}-\\d{6}`));
      assert.match(error.hint ?? "", /agentmux account select/);
      return true;
    });
    assert.equal(kept(selectionFile(dir)).length, 1);
    assert.deepEqual(readSelection(dir), { selected: {}, routed: {} });
  });

  it("the daemon leaves a corrupt selection for the command that decides with it", () => {
    setStateFileReporting({ keepAside: false });
    truncate(selectionFile(dir));
    assert.deepEqual(readSelection(dir), { selected: {}, routed: {} });
    assert.equal(warnings.length, 1);
    setStateFileReporting({ keepAside: true });
    assert.throws(() => readSelection(dir), /is corrupt/);
  });

  it("saving a selection over a corrupt file keeps the old one aside first", () => {
    truncate(selectionFile(dir));
    saveSelection(dir, "claude", "work");
    assert.equal(kept(selectionFile(dir)).length, 1);
    assert.equal(warnings.length, 1);
    assert.deepEqual(readSelection(dir).selected, { claude: "work" });
  });

  it("a corrupt restore registry is an error naming the kept file, and the daemon does not overwrite it", () => {
    const file = registryFile(dir);
    truncate(file, '{"servers": [{"socket": "/tmp/s", "server": "1:2", "sessions": [{"id": "ab');
    const record = { socket: "/tmp/s", server: "3:4", sessions: [{ backend: "claude", account: "", dir: "/w", instance: "", id: "x", label: "", group: "", started: null }] };
    assert.equal(recordServer(file, record), false);
    assert.match(readFileSync(file, "utf8"), /"id": "ab$/, "left as it was");
    assert.equal(warnings.length, 1);
    assert.throws(() => readRegistry(file), (error: unknown) => {
      assert.ok(error instanceof AgentmuxError);
      assert.match(error.message, /registry\.json is corrupt .*kept it as .*registry\.json\.agentmux-corrupt-/);
      return true;
    });
    assert.equal(recordServer(file, record), true, "recorded afresh once it is kept aside");
  });

  it("corrupt usage readings are unknown readings, kept aside and warned about", () => {
    truncate(usageCacheFile(dir), '{"version": 1, "records": [{"backend": "claude", "acc');
    assert.equal(readUsageCache(dir).size, 0);
    assert.equal(kept(usageCacheFile(dir)).length, 1);
    assert.match(warnings.join("\n"), /readings\.json is corrupt/);
  });

  it("corrupt exited records list none, are warned about, and the daemon's next record keeps them aside", () => {
    setStateFileReporting({ keepAside: false });
    const file = exitedFile(dir, "k");
    truncate(file, '{"server": "1:2", "sessions": [');
    assert.deepEqual(readExited(file, "1:2"), []);
    assert.equal(existsSync(file), true);
    recordExited(file, "1:2", { pane: "%12", backend: "claude", account: "", dir: "/w", instance: "", id: "", label: "", group: "", startedAt: null, endedAt: 1, exitStatus: 0, how: "exited" });
    assert.equal(kept(file).length, 1);
    assert.equal(readExited(file, "1:2").length, 1);
  });
});
