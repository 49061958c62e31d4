import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gemini } from "../../../../src/backends/gemini/index.ts";
import { GEMINI_HOOK_EVENTS } from "../../../../src/backends/gemini/hook-events.ts";
import { geminiSessionHome, HOME_VARIABLE, prepareGeminiHome, userGeminiDir } from "../../../../src/backends/gemini/home.ts";

const HOOK = "/opt/agent mux/shell/agentmux-hook";
const scratch = () => mkdtempSync(join(tmpdir(), "agentmux-gemini-"));

describe("the Gemini home of agentmux's sessions (GEMINI_CLI_HOME)", () => {
  it("holds the user's settings plus agentmux's hooks, links the rest of their ~/.gemini, and leaves their files as they were", () => {
    const dir = scratch();
    const home = join(dir, "home of ü #1");
    const userDir = join(home, ".gemini");
    mkdirSync(join(userDir, "commands"), { recursive: true });
    const userText = JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } } });
    writeFileSync(join(userDir, "settings.json"), userText);
    writeFileSync(join(userDir, "oauth_creds.json"), "{}");
    const state = join(dir, "state");
    const env = prepareGeminiHome({ stateDir: state, env: { HOME: home }, hookPath: HOOK });
    const sessionHome = env[HOME_VARIABLE] ?? "";
    assert.equal(sessionHome, geminiSessionHome(state, userDir));
    const settings = JSON.parse(readFileSync(join(sessionHome, ".gemini", "settings.json"), "utf8")) as Record<string, unknown>;
    assert.deepEqual(settings["security"], { auth: { selectedType: "gemini-api-key" } });
    assert.deepEqual(Object.keys(settings["hooks"] as object), [...GEMINI_HOOK_EVENTS]);
    for (const name of ["oauth_creds.json", "commands", "tmp", "trustedFolders.json", "google_accounts.json"]) {
      const path = join(sessionHome, ".gemini", name);
      assert.ok(lstatSync(path).isSymbolicLink(), `${name} is a link`);
      assert.equal(readlinkSync(path), join(userDir, name));
    }
    assert.equal(readFileSync(join(userDir, "settings.json"), "utf8"), userText);
    // Again, after the user changed their settings: the session's follow.
    writeFileSync(join(userDir, "settings.json"), JSON.stringify({ ui: { theme: "Dracula" } }));
    assert.deepEqual(prepareGeminiHome({ stateDir: state, env: { HOME: home }, hookPath: HOOK }), env);
    assert.deepEqual((JSON.parse(readFileSync(join(sessionHome, ".gemini", "settings.json"), "utf8")) as Record<string, unknown>)["ui"], { theme: "Dracula" });
  });

  it("follows the user's own GEMINI_CLI_HOME, and is what the backend hands the pane next to an unchanged argv", () => {
    const dir = scratch();
    assert.equal(userGeminiDir({ [HOME_VARIABLE]: "/srv/g", HOME: "/home/u" }), "/srv/g/.gemini");
    assert.equal(userGeminiDir({ HOME: "/home/u" }), "/home/u/.gemini");
    const env = gemini.prepareEnv?.({ stateDir: join(dir, "s"), cwd: dir, env: { HOME: join(dir, "h") } }) ?? {};
    assert.match(env[HOME_VARIABLE] ?? "", /gemini-home\/[0-9a-f]{16}$/);
    assert.equal(gemini.prepare, undefined, "the argv stays the user's");
  });
});
