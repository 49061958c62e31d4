import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { qwen } from "../../../../src/backends/qwen/index.ts";
import { QWEN_HOOK_EVENTS } from "../../../../src/backends/qwen/hook-events.ts";
import { HOME_VARIABLE, prepareQwenHome, qwenSessionHome, userQwenDir } from "../../../../src/backends/qwen/home.ts";

const HOOK = "/opt/agent mux/shell/agentmux-hook";
const scratch = () => mkdtempSync(join(tmpdir(), "agentmux-qwen-"));

/** Every file under dir with its bytes, for "unchanged" checks. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out[join(entry.parentPath, entry.name)] = readFileSync(join(entry.parentPath, entry.name), "latin1");
  }
  return out;
}

describe("the Qwen home of agentmux's sessions (QWEN_HOME)", () => {
  it("holds the user's settings plus agentmux's hooks, links the rest of their ~/.qwen, and leaves their files byte for byte as they were", () => {
    const dir = scratch();
    try {
      const home = join(dir, "home of ü #1 'q'");
      const userDir = join(home, ".qwen");
      mkdirSync(join(userDir, "skills", "s"), { recursive: true });
      const userText = `{\n  "security": {"auth": {"selectedType": "openai"}},\n  "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]}\n}\n`;
      writeFileSync(join(userDir, "settings.json"), userText);
      writeFileSync(join(userDir, "oauth_creds.json"), "{}");
      writeFileSync(join(userDir, "skills", "s", "SKILL.md"), "# s\n");
      const before = snapshot(userDir);
      const state = join(dir, "state");
      const env = prepareQwenHome({ stateDir: state, env: { HOME: home }, hookPath: HOOK });
      const sessionHome = env[HOME_VARIABLE] ?? "";
      assert.equal(sessionHome, qwenSessionHome(state, userDir));
      const settings = JSON.parse(readFileSync(join(sessionHome, "settings.json"), "utf8")) as Record<string, unknown>;
      assert.deepEqual(settings["security"], { auth: { selectedType: "openai" } });
      const hooks = settings["hooks"] as Record<string, Array<{ hooks: Array<{ command: string }> }>>;
      assert.deepEqual(Object.keys(hooks).sort(), [...QWEN_HOOK_EVENTS].sort());
      assert.deepEqual(hooks["Stop"]?.map((g) => g.hooks[0]?.command), ["notify-send done", `'${HOOK}' Stop`]);
      for (const name of ["oauth_creds.json", "skills", "projects", "tmp", "trustedFolders.json", "installation_id"]) {
        const path = join(sessionHome, name);
        assert.ok(lstatSync(path).isSymbolicLink(), `${name} is a link`);
        assert.equal(readlinkSync(path), join(userDir, name));
      }
      // The user's files are as they were; only the chats' and temp directories were added (empty).
      assert.deepEqual(snapshot(userDir), before);
      assert.deepEqual(readdirSync(join(userDir, "projects")), []);
      // Again, after the user changed their settings: the session's follow.
      writeFileSync(join(userDir, "settings.json"), JSON.stringify({ ui: { theme: "Dracula" } }));
      assert.deepEqual(prepareQwenHome({ stateDir: state, env: { HOME: home }, hookPath: HOOK }), env);
      assert.deepEqual((JSON.parse(readFileSync(join(sessionHome, "settings.json"), "utf8")) as Record<string, unknown>)["ui"], { theme: "Dracula" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("follows the user's own QWEN_HOME (~ expanded), and is what the backend hands the pane next to an unchanged argv", () => {
    const dir = scratch();
    try {
      assert.equal(userQwenDir({ [HOME_VARIABLE]: "/srv/q", HOME: "/home/u" }), "/srv/q");
      assert.equal(userQwenDir({ [HOME_VARIABLE]: "~/qq", HOME: "/home/u" }), "/home/u/qq");
      assert.equal(userQwenDir({ HOME: "/home/u" }), "/home/u/.qwen");
      const env = qwen.prepareEnv?.({ stateDir: join(dir, "s"), cwd: dir, env: { HOME: join(dir, "h"), [HOME_VARIABLE]: join(dir, "mine") } }) ?? {};
      assert.match(env[HOME_VARIABLE] ?? "", /qwen-home\/[0-9a-f]{16}$/);
      assert.equal(readlinkSync(join(env[HOME_VARIABLE] ?? "", "projects")), join(dir, "mine", "projects"));
      assert.equal(qwen.prepare, undefined, "the argv stays the user's");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
