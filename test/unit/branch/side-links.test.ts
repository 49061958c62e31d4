import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addSideLink, chooseSideLink, consumeSideLink, readSideLinks, sideLinksFile, type SideLink } from "../../../src/branch/side-links.ts";

const link = (fork: string, patch: Partial<SideLink> = {}): SideLink => ({
  parent: "p-1", parentName: "web", fork, backend: "claude", account: "", dir: "/w/a b#%'\"ü", policyVersion: "1", keptAt: 1000, ...patch,
});

describe("side links file", () => {
  let dir = "";
  let file = "";
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), "side-links-")); file = sideLinksFile(dir); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is side-links.json in the state directory; none kept reads as empty", () => {
    assert.equal(file, join(dir, "side-links.json"));
    assert.deepEqual(readSideLinks(file), []);
  });

  it("keeps every field, one record per fork (keeping again replaces it), privately", () => {
    addSideLink(file, link("f-1"));
    addSideLink(file, link("f-2"));
    addSideLink(file, link("f-1", { keptAt: 2000 }));
    assert.deepEqual(readSideLinks(file).map((l) => [l.fork, l.keptAt]), [["f-2", 1000], ["f-1", 2000]]);
    assert.equal(readSideLinks(file)[0]?.dir, "/w/a b#%'\"ü");
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });

  it("consumes exactly the record of one fork", () => {
    addSideLink(file, link("f-1"));
    addSideLink(file, link("f-2"));
    assert.equal(consumeSideLink(file, "f-1"), true);
    assert.equal(consumeSideLink(file, "f-1"), false);
    assert.deepEqual(readSideLinks(file).map((l) => l.fork), ["f-2"]);
  });

  it("a corrupt file is kept aside and reported, naming it; a new record starts a fresh file", () => {
    writeFileSync(file, "{ not json");
    assert.throws(() => readSideLinks(file), (e: Error) => e.message.includes(file) && e.message.includes("agentmux-corrupt"));
    assert.ok(readdirSync(dir).some((n) => n.startsWith("side-links.json.agentmux-corrupt")));
    addSideLink(file, link("f-3"));
    assert.deepEqual(JSON.parse(readFileSync(file, "utf8")).links.map((l: SideLink) => l.fork), ["f-3"]);
  });

  it("a file of the wrong shape is corrupt too", () => {
    writeFileSync(file, JSON.stringify({ links: [{ fork: 3 }] }));
    assert.throws(() => readSideLinks(file), /corrupt/);
  });
});

describe("choosing a kept side", () => {
  const links = [link("aaa-111"), link("aab-222"), link("ccc-333")];
  it("takes the newest without an id", () => assert.equal(chooseSideLink(links, undefined).fork, "ccc-333"));
  it("takes an id or a unique prefix", () => {
    assert.equal(chooseSideLink(links, "aab-222").fork, "aab-222");
    assert.equal(chooseSideLink(links, "cc").fork, "ccc-333");
  });
  it("refuses an ambiguous prefix, an unknown id, and an empty list, naming the fix", () => {
    assert.throws(() => chooseSideLink(links, "aa"), /more than one/);
    assert.throws(() => chooseSideLink(links, "zzz"), /no kept side conversation "zzz"/);
    assert.throws(() => chooseSideLink([], undefined), /no side conversation was kept/);
  });
});
