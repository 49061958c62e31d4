import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { detect, findManifest, identifyAgent, loadManifests } from "../../src/detect/index.ts";
import { ROOT } from "../helpers/tmux-server.ts";

// Every real screen captured from the four CLIs, with its title, gives the state the fixtures' README names.
const REAL = join(ROOT, "test", "fixtures", "real");
const SCREENS = join(REAL, "screens");
const { manifests, problems } = loadManifests({ userDir: "/nonexistent" });

/** `| claude-ask-one | claude | blocked | question |` rows of the README's table; a cause in parentheses is a note, not a cause. */
function expectedStates(): Map<string, { agent: string; state: string; cause: string | null }> {
  const rows = new Map<string, { agent: string; state: string; cause: string | null }>();
  for (const line of readFileSync(join(REAL, "README.md"), "utf8").split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const [, screen, agent, state, cause = ""] = cells;
    if (cells.length === 6 && screen && agent && state && /^[a-z]+-[a-z0-9-]+$/.test(screen)) {
      rows.set(screen, { agent, state: state.split(" ")[0] ?? "", cause: /^[a-z][a-z0-9-]*$/.test(cause) ? cause : null });
    }
  }
  return rows;
}

function meta(name: string): Record<string, string> {
  const entries = readFileSync(join(SCREENS, `${name}.meta.txt`), "utf8").split("\n").filter((l) => l.includes("="));
  return Object.fromEntries(entries.map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
}

describe("the real screens", () => {
  const expected = expectedStates();
  const screens = readdirSync(SCREENS).filter((f) => /^[a-z0-9-]+\.txt$/.test(f) && !/\.(meta|ansi)\.txt$/.test(f)).map((f) => f.slice(0, -4));

  it("the built-in manifests load without problems", () => {
    assert.deepEqual(problems, []);
    assert.deepEqual(manifests.map((m) => m.name), ["claude", "codex", "gemini", "opencode"]);
  });

  it("every screen has an expected state, and the table names no missing screen", () => {
    assert.ok(screens.length >= 50, `found ${screens.length} screens`);
    assert.deepEqual([...expected.keys()].sort(), [...screens].sort());
  });

  for (const name of screens) {
    const row = expected.get(name);
    it(`${name} is ${row?.state}${row?.cause ? ` (${row.cause})` : ""}`, () => {
      assert.ok(row, `${name} is not in the README table`);
      const manifest = findManifest(manifests, row.agent);
      assert.ok(manifest, `no manifest ${row.agent}`);
      const m = meta(name);
      const verdict = detect(manifest, { screen: readFileSync(join(SCREENS, `${name}.txt`), "utf8"), title: m["pane_title"], alternate: m["alternate_on"] === "1" });
      // After the CLI exited its last screen is not the agent's: no rule may claim a state.
      const want = row.state === "exited" ? "unknown" : row.state;
      assert.equal(verdict.state, want, `${name}: rule ${verdict.rule}, evidence ${JSON.stringify(verdict.evidence)}`);
      assert.equal(verdict.cause, row.cause, `${name}: cause of rule ${verdict.rule}`);
      // Every dialog is told from the screen: a title alone never decides a blocker here.
      if (want === "blocked") assert.equal(verdict.region, "screen", `${name}: rule ${verdict.rule}`);
    });
  }

  it("the same screens as captured with escapes, stripped, give the same states", async () => {
    const { stripAnsi } = await import("../../src/util/text.ts");
    for (const name of screens) {
      const row = expected.get(name);
      const manifest = row && findManifest(manifests, row.agent);
      if (!row || !manifest) continue;
      const m = meta(name);
      const plain = detect(manifest, { screen: readFileSync(join(SCREENS, `${name}.txt`), "utf8"), title: m["pane_title"], alternate: m["alternate_on"] === "1" });
      const ansi = detect(manifest, { screen: stripAnsi(readFileSync(join(SCREENS, `${name}.ansi.txt`), "utf8")), title: m["pane_title"], alternate: m["alternate_on"] === "1" });
      assert.deepEqual([ansi.state, ansi.cause], [plain.state, plain.cause], name);
    }
  });

  it("the agent of each live screen is recognised from its pane (command, processes, title)", () => {
    const processes: Record<string, string[]> = {
      codex: ["node /usr/lib/node_modules/@openai/codex/bin/codex.js", "/usr/lib/node_modules/@openai/codex/vendor/x86_64-unknown-linux-musl/codex/codex"],
      gemini: ["node /usr/bin/gemini"],
    };
    for (const name of screens) {
      const row = expected.get(name);
      if (!row || row.state === "exited") continue;
      const m = meta(name);
      const agent = identifyAgent(manifests, { command: m["pane_current_command"], title: m["pane_title"], processes: processes[row.agent] ?? [] });
      assert.equal(agent, row.agent, `${name}: command ${m["pane_current_command"]}, title ${m["pane_title"]}`);
    }
  });
});
