import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lookupChoice, poolsOf } from "../../../src/accounts/accounts.ts";
import type { UsageReading } from "../../../src/backends/shared/usage-http.ts";
import { resolveAccount, type ReadingLookup } from "../../../src/accounts/resolve.ts";
import { readSelection, saveSelection, selectionFile } from "../../../src/accounts/selection.ts";
import { parseConfig } from "../../../src/config/config.ts";
import { throwsLine } from "../../helpers/assert-error.ts";

const NOW = Date.parse("2026-03-02T12:00:00Z");
const reading = (pct: number): UsageReading => ({ sessionPct: pct, weeklyPct: pct, sessionResetsAt: null, weeklyResetsAt: null, limited: false, fetchedAt: NOW });

function setup() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-resolve-")));
  const home = (name: string, loggedIn = true) => {
    mkdirSync(join(root, name), { recursive: true });
    if (loggedIn) writeFileSync(join(root, name, ".credentials.json"), "{}");
    if (loggedIn) writeFileSync(join(root, name, "auth.json"), "{}");
    return join(root, name);
  };
  const dirs = { client: join(root, "client"), other: join(root, "other") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  const config = parseConfig([
    "backends:",
    "  claude:",
    "    accounts:",
    `      personal: ${home("personal")}`,
    `      work: { home: ${home("work")}, pool: work }`,
    `      work-b: { home: ${home("work-b")}, pool: work }`,
    `      out: { home: ${home("out", false)}, pool: work }`,
    "directoryRules:",
    `  - { dir: ${dirs.client}, account: work }`,
  ].join("\n"), "c.yml");
  const stateDir = join(root, "state");
  const table = new Map<string, UsageReading>();
  const readings: ReadingLookup = (backend, account) => table.get(`${backend}/${account}`);
  const resolve = (extra: { explicit?: string; dir?: string } = {}) =>
    resolveAccount({ config, backend: "claude", dir: extra.dir ?? dirs.other, explicit: extra.explicit, stateDir, readings, now: NOW });
  return { root, config, stateDir, table, resolve, dirs };
}

describe("resolveAccount", () => {
  it("no rule and no selection: the CLI's own home", () => {
    const t = setup();
    assert.deepEqual(t.resolve(), { account: undefined, via: "none", name: undefined, rule: undefined, route: undefined });
    assert.equal(resolveAccount({ config: t.config, backend: "codex", dir: t.dirs.client, stateDir: t.stateDir, readings: () => undefined }).account, undefined);
  });

  it("a pool named like its member selects the pool; the member cannot be pinned by that name", () => {
    const t = setup();
    assert.deepEqual(poolsOf(t.config, "claude").map((p) => [p.name, p.members.map((m) => m.name)]), [["work", ["work", "work-b", "out"]]]);
    assert.equal(lookupChoice(t.config, "claude", "work").kind, "pool");
    assert.equal(lookupChoice(t.config, "claude", "work-b").kind, "account");
  });

  it("the directory rule routes its pool by usage, skipping a member without credentials, and remembers the member", () => {
    const t = setup();
    t.table.set("claude/work", reading(70));
    t.table.set("claude/work-b", reading(20));
    const first = t.resolve({ dir: join(t.dirs.client, "src") });
    assert.equal(first.via, "directory-rule");
    assert.equal(first.account?.name, "work-b");
    assert.equal(first.route?.changed, true);
    assert.equal(first.route?.members.find((m) => m.name === "out")?.status, "no-credentials");
    assert.equal(readSelection(t.stateDir).routed.claude?.["work"], "work-b");
    // Near-equal now: the remembered member is kept (hysteresis), silently.
    t.table.set("claude/work", reading(15));
    const second = t.resolve({ dir: t.dirs.client });
    assert.equal(second.account?.name, "work-b");
    assert.equal(second.route?.message, undefined);
  });

  it("an explicit account wins over the directory rule", () => {
    const t = setup();
    const r = t.resolve({ explicit: "personal", dir: t.dirs.client });
    assert.deepEqual([r.via, r.account?.name, r.route], ["explicit", "personal", undefined]);
  });

  it("the persisted selection applies where no rule does, and survives in the state dir", () => {
    const t = setup();
    saveSelection(t.stateDir, "claude", "personal");
    assert.deepEqual(JSON.parse(readFileSync(selectionFile(t.stateDir), "utf8")).selected, { claude: "personal" });
    const r = t.resolve();
    assert.deepEqual([r.via, r.account?.name], ["selection", "personal"]);
    assert.equal(t.resolve({ dir: t.dirs.client }).via, "directory-rule");
    saveSelection(t.stateDir, "claude", undefined);
    assert.equal(t.resolve().account, undefined);
  });

  it("an unknown explicit name, or a selection no longer declared, is an error naming what exists", () => {
    const t = setup();
    throwsLine(() => t.resolve({ explicit: "nope" }), /^claude has no account or pool "nope" \(claude declares work, personal, work-b, out\)$/);
    saveSelection(t.stateDir, "claude", "gone");
    throwsLine(() => t.resolve(), /^the selected claude account "gone" is not declared: .* \(select another: agentmux account select claude NAME\)$/);
  });

  it("a corrupt selection file is an error (kept aside), not a silent start under no account", () => {
    const t = setup();
    mkdirSync(join(t.stateDir, "accounts"), { recursive: true });
    writeFileSync(selectionFile(t.stateDir), "{not json");
    assert.throws(() => t.resolve(), /selection\.json is corrupt .*kept it as/);
    assert.equal(t.resolve().account, undefined, "the next run starts clean");
  });
});
