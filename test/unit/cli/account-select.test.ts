import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { UsageReading } from "../../../src/backends/shared/usage-http.ts";
import { readSelection } from "../../../src/accounts/selection.ts";
import { accountLines, backendLines, runSelect, usageText } from "../../../src/cli/account-select.ts";
import { parseConfig } from "../../../src/config/config.ts";
import { isAgentmuxError } from "../../../src/util/errors.ts";

const NOW = Date.parse("2026-03-02T12:00:00Z");
const MIN = 60_000;
const reading = (over: Partial<UsageReading> = {}): UsageReading => ({ sessionPct: 38, weeklyPct: 12, sessionResetsAt: NOW + 60 * MIN, weeklyResetsAt: NOW + 3 * 1440 * MIN, limited: false, fetchedAt: NOW - MIN, ...over });
const config = parseConfig([
  "backends:",
  "  claude:",
  "    accounts:",
  "      solo: /h/solo",
  "      work-a: { home: /h/a, pool: work }",
  "      work-b: { home: /h/b, pool: work }",
  "usage: { staleAfter: 1800 }",
].join("\n"), "c.yml");

describe("account select's answers", () => {
  it("usage text: both windows with the weekly bar, limited, and the age of a stale reading", () => {
    assert.equal(usageText(reading(), NOW, 30 * MIN), "session 38% · weekly 12% █░░░░░░░░░");
    assert.equal(usageText(reading({ limited: true, fetchedAt: NOW - 120 * MIN }), NOW, 30 * MIN), "session 38% · weekly 12% █░░░░░░░░░ · limited · 2h old");
    assert.equal(usageText(undefined, NOW, 30 * MIN), "no reading");
  });

  it("pools first with their members and next member, then accounts with usage and login, then the CLI's own home", () => {
    const out = accountLines(config, "claude", {
      selected: "work", now: NOW,
      readings: (_b, a) => (a === "work-b" ? reading({ sessionPct: 5 }) : a === "solo" ? reading({ fetchedAt: NOW - 60 * MIN }) : undefined),
      loggedIn: (n) => n !== "work-a",
      next: (pool) => (pool === "work" ? "work-b" : undefined),
    });
    assert.deepEqual(out.map((l) => (l.kind === "header" ? `# ${l.label}` : `${l.current ? "*" : ""}${l.value}|${l.detail}${l.dim ? "|dim" : ""}`)), [
      "# Pools",
      "*work|work-a, work-b · next: work-b (session 5% · weekly 12% █░░░░░░░░░)",
      "# Accounts",
      "solo|session 38% · weekly 12% █░░░░░░░░░ · 1h old|dim",
      "work-a|pool work · no reading · logged out|dim",
      "work-b|pool work · session 5% · weekly 12% █░░░░░░░░░",
      "# ",
      "|the CLI's own home",
    ]);
  });

  it("the backend question lists the backends that declare accounts, with their selection", () => {
    assert.deepEqual(backendLines(config, { claude: "work" }), [{ kind: "item", value: "claude", label: "claude", detail: "Claude Code · 3 accounts · selected: work" }]);
  });

  it("without a terminal: a missing backend is an error naming what to pass; a missing name prints the selection", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "agentmux-select-"));
    const base = { config, stateDir, clear: false, interactive: false };
    await assert.rejects(runSelect({ ...base, backend: undefined, name: undefined }), (e: unknown) => {
      assert.ok(isAgentmuxError(e));
      assert.equal(e.oneLine(), "account select needs a backend (claude or codex) (pass it: agentmux account select claude NAME (or run it at a terminal to pick))");
      return true;
    });
    await assert.rejects(runSelect({ ...base, backend: undefined, name: undefined, clear: true }), /account select needs a backend/);
    assert.equal(await runSelect({ ...base, backend: "claude", name: undefined }), "claude: no account selected");
    assert.equal(await runSelect({ ...base, backend: "claude", name: undefined, clear: true }), "claude: no account selected (the CLI's own home)");
    assert.deepEqual(readSelection(stateDir).selected, {});
  });
});
