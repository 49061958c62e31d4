import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allowVerdict, readAllowStore, readProjectFile, writeAllowStore } from "../../../src/session/project-allow.ts";
import { allowedProjectFile, projectWatches } from "../../../src/session/project-file.ts";

const scratch = () => mkdtempSync(join(tmpdir(), "agentmux-allow-"));

describe("the project file allow list", () => {
  it("a verdict per file: never allowed, allowed for this content, changed since", () => {
    const dir = scratch();
    const file = join(dir, ".agentmux.yml");
    writeFileSync(file, "sessions: []\n");
    const read = readProjectFile(file);
    assert.equal(allowVerdict({ allowed: {}, told: {} }, read), "new");
    assert.equal(allowVerdict({ allowed: { [read.real]: read.hash }, told: {} }, read), "allowed");
    assert.equal(allowVerdict({ allowed: { [read.real]: "0".repeat(64) }, told: {} }, read), "changed");
  });

  it("a link to an allowed file is that file; pointing it elsewhere asks again", () => {
    const dir = scratch();
    const state = join(dir, "state");
    mkdirSync(join(dir, "repo"));
    writeFileSync(join(dir, "a.yml"), "sessions: [{name: repo, watch: [{pattern: A}]}]\n");
    writeFileSync(join(dir, "b.yml"), "sessions: [{name: repo, watch: [{pattern: B}]}]\n");
    symlinkSync(join(dir, "a.yml"), join(dir, "repo", ".agentmux.yml"));
    const read = readProjectFile(join(dir, "repo", ".agentmux.yml"));
    writeAllowStore(state, { allowed: { [read.real]: read.hash }, told: {} });
    const said: string[] = [];
    assert.deepEqual(projectWatches(join(dir, "repo"), ["repo"], { stateDir: state, notice: (l) => said.push(l) }), ["A"]);
    const link = join(dir, "repo", ".agentmux.yml");
    symlinkSync(join(dir, "b.yml"), `${link}.new`);
    renameSync(`${link}.new`, link);
    assert.equal(allowedProjectFile(join(dir, "repo"), { stateDir: state, notice: (l) => said.push(l) }), null);
    assert.equal(said.length, 1);
    assert.match(said[0] ?? "", /is not allowed yet/);
  });

  it("a store that does not parse is kept aside and reported, never overwritten unseen", () => {
    const state = scratch();
    writeFileSync(join(state, "allowed-projects.json"), "[1, 2");
    const { store, problem } = readAllowStore(state, new Date(2026, 0, 2, 3, 4, 5));
    assert.deepEqual(store, { allowed: {}, told: {} });
    assert.match(problem ?? "", /allowed-projects\.json was not a list of allowed project files; kept it as .*allowed-projects\.json\.agentmux-backup-20260102-030405 /);
    assert.deepEqual(readdirSync(state), ["allowed-projects.json.agentmux-backup-20260102-030405"]);
  });
});
