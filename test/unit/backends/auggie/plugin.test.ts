import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { auggie } from "../../../../src/backends/auggie/index.ts";
import { auggiePluginDir, MARKETPLACE, PLUGIN, prepareAuggiePlugin, withPluginDir } from "../../../../src/backends/auggie/plugin.ts";
import { AUGGIE_HOOK_EVENTS } from "../../../../src/backends/auggie/hook-events.ts";

const root = mkdtempSync(join(tmpdir(), "agentmux-auggie-plugin-"));
after(() => rmSync(root, { recursive: true, force: true }));

/** Every file under dir with its text (what a launch could have changed). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out[join(entry.parentPath, entry.name)] = readFileSync(join(entry.parentPath, entry.name), "utf8");
  }
  return out;
}

describe("agentmux's Auggie plugin", () => {
  const stateDir = join(root, "state dir #1");
  const hook = "/opt/agent mux/it's/${HOME}/agentmux-hook";

  it("is a marketplace of one plugin whose hooks run the forwarder with the event as an argument", () => {
    const dir = prepareAuggiePlugin(stateDir, hook);
    assert.equal(dir, auggiePluginDir(stateDir));
    const market = JSON.parse(readFileSync(join(dir, ".augment-plugin", "marketplace.json"), "utf8")) as { name: string; plugins: Array<{ name: string; source: string }> };
    assert.equal(market.name, MARKETPLACE);
    assert.deepEqual(market.plugins.map((p) => [p.name, p.source]), [[PLUGIN, `./${PLUGIN}`]]);
    assert.equal((JSON.parse(readFileSync(join(dir, PLUGIN, ".augment-plugin", "plugin.json"), "utf8")) as { name: string }).name, PLUGIN);
    const hooks = (JSON.parse(readFileSync(join(dir, PLUGIN, "hooks", "hooks.json"), "utf8")) as { hooks: Record<string, Array<{ matcher?: string; hooks: Array<{ command: string; args: string[] }> }>> }).hooks;
    assert.deepEqual(Object.keys(hooks), [...AUGGIE_HOOK_EVENTS]);
    for (const event of AUGGIE_HOOK_EVENTS) {
      const group = hooks[event]?.[0];
      // Auggie expands ${NAME} before it spawns: the path's own "${" is escaped.
      assert.deepEqual([group?.hooks[0]?.command, group?.hooks[0]?.args], ["/opt/agent mux/it's/\\${HOME}/agentmux-hook", [event]], event);
      assert.equal(group?.matcher, event.endsWith("ToolUse") ? ".*" : undefined, `${event}: a matcher only on tool events`);
    }
    assert.equal(statSync(join(dir, PLUGIN, "hooks", "hooks.json")).mode & 0o777, 0o600);
  });

  it("is rewritten at every launch (a moved install reaches the next session)", () => {
    prepareAuggiePlugin(stateDir, "/old/agentmux-hook");
    prepareAuggiePlugin(stateDir, "/new/agentmux-hook");
    assert.match(readFileSync(join(auggiePluginDir(stateDir), PLUGIN, "hooks", "hooks.json"), "utf8"), /"\/new\/agentmux-hook"/);
  });

  it("goes on the command line as one word after the program", () => {
    assert.deepEqual(withPluginDir(["auggie", "--resume", "x", "--", "hi"], "/s d/auggie-plugin"), ["auggie", "--plugin-dir=/s d/auggie-plugin", "--resume", "x", "--", "hi"]);
  });

  it("a launch leaves the user's ~/.augment byte for byte as it was", () => {
    const home = join(root, "home");
    mkdirSync(join(home, ".augment"), { recursive: true });
    writeFileSync(join(home, ".augment", "settings.json"), '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "/mine"}]}]}}\n');
    writeFileSync(join(home, ".augment", "session.json"), "{}");
    const before = snapshot(home);
    const previous = process.env["HOME"];
    process.env["HOME"] = home;
    try {
      const argv = auggie.prepare?.(["auggie", "--", "hi"], { stateDir: join(root, "state"), cwd: root, env: { HOME: home } }) ?? [];
      assert.deepEqual(argv, ["auggie", `--plugin-dir=${auggiePluginDir(join(root, "state"))}`, "--", "hi"]);
    } finally {
      process.env["HOME"] = previous;
    }
    assert.deepEqual(snapshot(home), before);
  });
});
