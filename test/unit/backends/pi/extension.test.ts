import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { EXTENSION_VARIABLE, HOOK_VARIABLE, piExtensionPath, piSessionArgv, piSessionEnv } from "../../../../src/backends/pi/extension.ts";
import { PI_HOOK_EVENTS } from "../../../../src/backends/pi/hook-events.ts";
import { shellScript } from "../../../../src/util/install-dir.ts";
import { sleep } from "../../../../src/util/sleep.ts";

type Handler = (event: unknown, ctx: unknown) => Promise<unknown>;
type Factory = (pi: { on(event: string, handler: Handler): void }) => void;

const scratch: string[] = [];
const scratchDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
after(() => { for (const dir of scratch) rmSync(dir, { recursive: true, force: true }); });

/** A forwarder stand-in that appends "ARGS<TAB>STDIN" lines to a log. */
function fakeHook(): { path: string; lines: () => string[] } {
  const dir = scratchDir("agentmux-pi-ext-");
  const path = join(dir, "hook with space");
  const log = join(dir, "log");
  writeFileSync(path, `#!/bin/sh\nin=$(cat)\nprintf '%s\\t%s\\n' "$*" "$in" >> '${log}'\n`);
  chmodSync(path, 0o755);
  return { path, lines: () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean) : []) };
}

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await sleep(25);
  assert.ok(check(), what);
}

/** Load the extension (a fresh module instance, as Pi's jiti loads it) from path, with env set. */
async function load(path: string, env: Record<string, string | undefined>): Promise<Map<string, Handler>> {
  const saved = { ...process.env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  try {
    const mod = (await import(`${pathToFileURL(path).href}?${Math.random()}`)) as { default: Factory };
    const handlers = new Map<string, Handler>();
    mod.default({ on: (event, handler) => handlers.set(event, handler) });
    return handlers;
  } finally {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}

/** A session file Pi has written (it does with the session's first answer). */
function writtenSession(): string {
  const file = join(scratchDir("agentmux-pi-session-"), "2026-12-02T02-35-17-481Z_01a2349b-3868-70a3-95d6-b0fb7aa3e817.jsonl");
  writeFileSync(file, "{\"type\":\"session\"}\n");
  return file;
}

/** A context as Pi hands handlers: a session id and its file, idleness, and a UI whose select answers after a while. */
function context(answer: string, idle = false, file: string | null = writtenSession()) {
  const ui = { select: async (_title: string, _options: string[]) => { await sleep(50); return answer; }, confirm: async () => true, notify: () => undefined };
  return { hasUI: true, ui, cwd: "/w", isIdle: () => idle, sessionManager: { getSessionId: () => "01a2349b-3868-70a3-95d6-b0fb7aa3e817", getSessionFile: () => file ?? undefined } };
}

const parse = (line: string) => { const [args, body] = line.split("\t"); return { args, body: JSON.parse(body ?? "{}") as Record<string, unknown> }; };

describe("agentmux's Pi extension (etc/pi/agentmux.js)", () => {
  it("the session's copy forwards each lifecycle event with the session id, and an extension's dialog as blocked and answered", async () => {
    const hook = fakeHook();
    const handlers = await load(piExtensionPath(), { AGENTMUX_SOCK: "/x/sock", [EXTENSION_VARIABLE]: piExtensionPath(), [HOOK_VARIABLE]: hook.path });
    const ctx = context("Yes");
    const on = (event: string, payload: unknown = {}) => handlers.get(event)?.({ type: event, ...(payload as object) }, ctx);
    await on("session_start", { reason: "startup" });
    await on("before_agent_start", { prompt: "E2E_TOOL please" });
    await on("agent_start");
    await on("tool_execution_start", { toolName: "bash" });
    await on("tool_call", { toolName: "bash", input: { command: "touch m" } });
    // A later extension's permission gate: its select opens on the UI object the handlers share.
    assert.equal(await ctx.ui.select("Allow bash command?\n\n  touch m", ["Yes", "No"]), "Yes");
    await on("tool_execution_end", { toolName: "bash", isError: false });
    await on("agent_end", { messages: [{ role: "user", content: "x" }, { role: "assistant", content: [{ type: "text", text: "Tool finished" }], stopReason: "stop" }] });
    await on("session_shutdown", { reason: "quit" });
    const names = ["session_start", "before_agent_start", "agent_start", "tool_execution_start", "ui_dialog_open", "ui_dialog_closed", "tool_execution_end", "agent_end", "session_shutdown"];
    await until("every event forwarded", () => hook.lines().length === names.length);
    const got = hook.lines().map(parse);
    assert.deepEqual(got.map((g) => g.args), names.map((n) => `--agent pi ${n}`), "in order, one forwarder after another");
    assert.ok(got.every((g) => g.body["session_id"] === "01a2349b-3868-70a3-95d6-b0fb7aa3e817"));
    assert.deepEqual([...new Set(names)].sort(), [...PI_HOOK_EVENTS].sort(), "the table knows every name it forwards");
    assert.equal(got[1]?.body["prompt"], "E2E_TOOL please");
    const { agentmux_at: at, ...body } = got[4]?.body ?? {};
    assert.ok(typeof at === "number" && at <= Date.now() && Date.now() - at < 60_000, "each event says when Pi said it (agentmux_at)");
    assert.deepEqual(body, { session_id: "01a2349b-3868-70a3-95d6-b0fb7aa3e817", dialog: "select", title: "Allow bash command?\n\n  touch m", options: ["Yes", "No"], tool_name: "bash", tool_input: { command: "touch m" } });
    assert.equal(got[5]?.body["idle"], false);
    assert.equal(got[7]?.body["last_assistant_message"], "Tool finished");
    assert.equal(got[7]?.body["stop_reason"], "stop");
  });

  it("a dialog at the prompt (no tool call) is closed idle; confirm is watched too, and the UI is wrapped once", async () => {
    const hook = fakeHook();
    const handlers = await load(piExtensionPath(), { AGENTMUX_SOCK: "/x/sock", [EXTENSION_VARIABLE]: piExtensionPath(), [HOOK_VARIABLE]: hook.path });
    const ctx = context("No", true);
    await handlers.get("session_start")?.({ reason: "startup" }, ctx);
    await handlers.get("session_start")?.({ reason: "reload" }, ctx);
    assert.equal(await ctx.ui.confirm(), true);
    await until("open and closed", () => hook.lines().length === 4);
    const got = hook.lines().map(parse);
    assert.deepEqual(got.map((g) => g.args), ["--agent pi session_start", "--agent pi session_start", "--agent pi ui_dialog_open", "--agent pi ui_dialog_closed"]);
    assert.equal(got[2]?.body["dialog"], "confirm");
    assert.equal(got[2]?.body["tool_name"], undefined);
    assert.equal(got[3]?.body["idle"], true);
  });

  it("a copy installed by hand forwards with --global through AGENTMUX_HOOK, and stands aside in a session agentmux loaded its own into", async () => {
    const hook = fakeHook();
    const dir = scratchDir("agentmux-pi-copy-");
    const copy = join(dir, "agentmux.js");
    writeFileSync(copy, readFileSync(piExtensionPath()));
    const global = await load(copy, { AGENTMUX_SOCK: "/x/sock", AGENTMUX_HOOK: hook.path, [EXTENSION_VARIABLE]: undefined, [HOOK_VARIABLE]: undefined });
    await global.get("session_start")?.({ reason: "startup" }, context("Yes"));
    await until("forwarded", () => hook.lines().length === 1);
    assert.equal(parse(hook.lines()[0] ?? "").args, "--global --agent pi session_start");
    const aside = await load(copy, { AGENTMUX_SOCK: "/x/sock", AGENTMUX_HOOK: hook.path, [EXTENSION_VARIABLE]: piExtensionPath(), [HOOK_VARIABLE]: hook.path });
    assert.equal(aside.size, 0, "no handler at all");
    // The session's copy named through a symbolic link is still itself.
    const link = join(dir, "link.js");
    symlinkSync(piExtensionPath(), link);
    const own = await load(piExtensionPath(), { AGENTMUX_SOCK: "/x/sock", [EXTENSION_VARIABLE]: link, [HOOK_VARIABLE]: hook.path });
    assert.ok(own.size > 0);
  });

  it("names the session only once Pi has written its file (--session could not resume it before), and never without one", async () => {
    const hook = fakeHook();
    const handlers = await load(piExtensionPath(), { AGENTMUX_SOCK: "/x/sock", [EXTENSION_VARIABLE]: piExtensionPath(), [HOOK_VARIABLE]: hook.path });
    const file = join(scratchDir("agentmux-pi-session-"), "s.jsonl");
    const ctx = context("Yes", false, file);
    await handlers.get("session_start")?.({ reason: "startup" }, ctx);
    await handlers.get("before_agent_start")?.({ prompt: "hi" }, ctx);
    writeFileSync(file, "{}\n");
    await handlers.get("agent_end")?.({ messages: [] }, ctx);
    await handlers.get("session_start")?.({ reason: "new" }, context("Yes", false, null));
    await until("four events", () => hook.lines().length === 4);
    assert.deepEqual(hook.lines().map((l) => parse(l).body["session_id"]), [undefined, undefined, "01a2349b-3868-70a3-95d6-b0fb7aa3e817", undefined]);
  });

  it("forwards nothing outside agentmux (no AGENTMUX_SOCK)", async () => {
    const hook = fakeHook();
    const handlers = await load(piExtensionPath(), { AGENTMUX_SOCK: undefined, [EXTENSION_VARIABLE]: piExtensionPath(), [HOOK_VARIABLE]: hook.path });
    await handlers.get("session_start")?.({ reason: "startup" }, context("Yes"));
    await sleep(300);
    assert.deepEqual(hook.lines(), []);
  });
});

describe("piSessionArgv and piSessionEnv", () => {
  it("loads the extension first, right after the program, keeping every other argument", () => {
    assert.deepEqual(piSessionArgv(["pi", "--model", "m", "--session", "abc", "hi"], "/a/etc/pi/agentmux.js"), ["pi", "-e", "/a/etc/pi/agentmux.js", "--model", "m", "--session", "abc", "hi"]);
    assert.deepEqual(piSessionArgv(["/opt/my pi/bin/pi"]), ["/opt/my pi/bin/pi", "-e", piExtensionPath()]);
    assert.deepEqual(piSessionArgv([]), []);
  });

  it("names the extension's own path and the forwarder", () => {
    assert.deepEqual(piSessionEnv(), { [EXTENSION_VARIABLE]: piExtensionPath(), [HOOK_VARIABLE]: shellScript("agentmux-hook") });
    assert.ok(existsSync(piExtensionPath()));
  });
});
