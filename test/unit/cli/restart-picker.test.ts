import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { saveSelection } from "../../../src/accounts/selection.ts";
import { writeUsageCache } from "../../../src/accounts/usage-store.ts";
import { offersPicker, restartChoices } from "../../../src/cli/restart-picker.ts";
import { parseConfig } from "../../../src/config/config.ts";
import type { NamedSession } from "../../../src/session/store.ts";

const root = mkdtempSync(join(tmpdir(), "agentmux-restart-picker-"));
const home = (name: string, loggedIn: boolean) => {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  if (loggedIn) writeFileSync(join(dir, ".credentials.json"), JSON.stringify({ claudeAiOauth: { accessToken: name } }));
  return dir;
};
const config = parseConfig([
  "backends:",
  "  claude:",
  "    accounts:",
  `      solo: ${home("solo", true)}`,
  `      out: ${home("out", false)}`,
  `      work-a: { home: ${home("work-a", true)}, pool: work }`,
  `      work-b: { home: ${home("work-b", true)}, pool: work }`,
  `      gone-1: { home: ${home("gone-1", false)}, pool: gone }`,
].join("\n"), "c.yml");
const session = (patch: Partial<NamedSession>): NamedSession => ({
  pane: "%12", backend: "claude", account: "solo", dir: "/r/api", instance: "", id: "uuid", tokenHash: "t", label: "", group: "", forkedFrom: "", parent: "", side: "", launch: {},
  state: "waiting", background: false, stateSince: null, startedAt: 1_000, dead: false, deadStatus: null, title: "", command: "claude",
  pid: 10, tmuxSession: "s", window: "@1", windowIndex: "1", active: false, name: "api", ...patch,
});
const show = (lines: ReturnType<typeof restartChoices>["lines"]) =>
  lines.map((l) => (l.kind === "header" ? `# ${l.label}` : `${l.current ? "*" : ""}${l.value}${l.disabled ? " (disabled)" : ""} ${l.detail ?? ""}`.trimEnd()));

describe("restart's account picker", () => {
  after(() => rmSync(root, { recursive: true, force: true }));
  const now = Date.now();
  const reading = (sessionPct: number, weeklyPct: number, limited = false) => ({ sessionPct, weeklyPct, sessionResetsAt: null, weeklyResetsAt: null, limited, fetchedAt: now });

  it("lists pools and accounts with their weekly and session usage, limited ones marked, logged-out ones disabled, the session's own account current", () => {
    const stateDir = join(root, "state-1");
    writeUsageCache(stateDir, [
      { backend: "claude", account: "solo", reading: reading(12, 40), failures: 0 },
      { backend: "claude", account: "work-a", reading: reading(100, 90, true), failures: 0 },
      { backend: "claude", account: "work-b", reading: reading(5, 10), failures: 0 },
    ]);
    const { lines, keep } = restartChoices(session({}), config, stateDir);
    assert.equal(keep, "solo");
    const shown = show(lines);
    assert.deepEqual(shown.filter((l) => l.startsWith("#")), ["# Pools", "# Accounts"], "no line for the CLI's own home: an account session moves to another account");
    assert.match(shown.find((l) => l.startsWith("work ")) ?? "", /^work work-a, work-b · next: work-b \(session 5% · weekly 10%/);
    assert.equal(shown.find((l) => l.startsWith("gone")), "gone (disabled) gone-1 · no member logged in");
    assert.match(shown.find((l) => l.startsWith("*solo")) ?? "", /^\*solo session 12% · weekly 40%/);
    assert.equal(shown.find((l) => l.startsWith("out")), "out (disabled) no reading · logged out");
    assert.match(shown.find((l) => l.startsWith("work-a")) ?? "", /^work-a pool work · session 100% · weekly 90% \S+ · limited$/);
  });

  it("a member of the selected pool starts on the pool (restart reroutes); a session on the CLI's own home may stay there", () => {
    const stateDir = join(root, "state-2");
    saveSelection(stateDir, "claude", "work");
    assert.equal(restartChoices(session({ account: "work-a" }), config, stateDir).keep, "work");
    assert.ok(show(restartChoices(session({ account: "work-a" }), config, stateDir).lines).includes("*work work-a, work-b · next: work-a (no reading)"));
    const own = restartChoices(session({ account: "" }), config, stateDir);
    assert.equal(own.keep, "");
    assert.equal(show(own.lines).at(-1), "* the CLI's own home (as it runs now)");
  });

  it("is offered for a backend that declares accounts only", () => {
    assert.equal(offersPicker(session({}), config), true);
    assert.equal(offersPicker(session({ backend: "gemini" }), config), false);
    assert.equal(offersPicker(session({ backend: "codex" }), config), false);
  });
});
