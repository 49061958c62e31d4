import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentsConfig } from "../../src/backends/agents-config.ts";
import { gemini } from "../../src/backends/gemini/index.ts";
import { GEMINI_HOOK_EVENTS, geminiHookMeaning } from "../../src/backends/gemini/hook-events.ts";
import { geminiSessionHome, HOME_VARIABLE, prepareGeminiHome, userGeminiDir } from "../../src/backends/gemini/home.ts";
import { geminiHooks, readGeminiSettings, sessionSettings } from "../../src/backends/gemini/settings.ts";
import { AgentmuxError } from "../../src/util/errors.ts";

const HOOK = "/opt/agent mux/shell/agentmux-hook";
const scratch = () => mkdtempSync(join(tmpdir(), "agentmux-gemini-"));

// A payload under which each installed event means something (Notification only for a permission).
const PAYLOADS: Record<string, Record<string, unknown>> = { Notification: { notification_type: "ToolPermission" } };

describe("Gemini hooks agentmux installs", () => {
  it("are exactly the events the event table gives a meaning, each running the forwarder with the event's name", () => {
    const hooks = geminiHooks(HOOK);
    assert.deepEqual(Object.keys(hooks), [...GEMINI_HOOK_EVENTS]);
    for (const [event, groups] of Object.entries(hooks)) {
      const meaning = geminiHookMeaning(event, { session_id: "g1", ...PAYLOADS[event] });
      assert.ok(meaning.events.length > 0, `${event} means something`);
      assert.equal(groups.length, 1);
      const handler = groups[0]?.hooks[0];
      assert.equal(handler?.command, `'${HOOK}' ${event}`);
      assert.equal(handler?.timeout, 10_000, "Gemini's timeouts are in milliseconds");
      assert.equal(groups[0]?.matcher, event.endsWith("Tool") ? "*" : undefined);
    }
  });

  it("printed by init --agents stand aside in sessions agentmux started (--global --agent gemini)", () => {
    const text = agentsConfig(HOOK, "/sl");
    assert.match(text, /'\/opt\/agent mux\/shell\/agentmux-hook' --global --agent gemini AfterAgent/);
    assert.doesNotMatch(text, /' --agent gemini AfterAgent/);
  });
});

describe("a Gemini session's settings", () => {
  it("are the user's own with agentmux's hooks after theirs; agentmux groups already there are dropped, not doubled", () => {
    const globalOnes = JSON.parse(agentsConfig(HOOK, "/sl").split("## Gemini CLI")[1]?.replace(/^[^\n]*\n/, "").split("\n\n")[0] ?? "{}") as { hooks: Record<string, unknown[]> };
    const user = { hooks: { AfterAgent: [{ hooks: [{ type: "command", command: "notify-send done" }] }, ...(globalOnes.hooks["AfterAgent"] ?? [])] }, ui: { theme: "Dracula" }, security: { auth: { selectedType: "oauth-personal" } } };
    const once = sessionSettings(user, HOOK);
    assert.deepEqual(once["ui"], { theme: "Dracula" });
    assert.deepEqual(once["security"], user.security);
    const after = (once["hooks"] as Record<string, Array<{ hooks: Array<{ command: string }> }>>)["AfterAgent"] ?? [];
    assert.deepEqual(after.map((g) => g.hooks[0]?.command), ["notify-send done", `'${HOOK}' AfterAgent`]);
    assert.deepEqual(sessionSettings(once, HOOK), once);
  });

  it("refuse a settings file that is not a JSON object, naming the file", () => {
    const dir = scratch();
    assert.deepEqual(readGeminiSettings(join(dir, "missing.json")), {});
    const bad = join(dir, "settings.json");
    writeFileSync(bad, "{ // a comment\n}");
    assert.throws(() => readGeminiSettings(bad), (e: unknown) => e instanceof AgentmuxError && e.message.includes(bad) && /not valid JSON/.test(e.message));
    writeFileSync(bad, "[1]");
    assert.throws(() => readGeminiSettings(bad), /not a JSON object/);
    assert.throws(() => sessionSettings({ hooks: [] }, HOOK), /"hooks" is not a map/);
  });
});

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
