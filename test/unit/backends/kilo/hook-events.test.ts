import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { kiloPluginPath } from "../../../../src/backends/kilo/config.ts";
import { KILO_HOOK_EVENTS, KILO_HOOKS, kiloHookMeaning } from "../../../../src/backends/kilo/hook-events.ts";
import { sleep } from "../../../../src/util/sleep.ts";

const PLUGIN_URL = pathToFileURL(kiloPluginPath()).href;

type Plugin = (input: unknown, options?: unknown) => Promise<{ event: (e: { event: { type: string; properties?: unknown } }) => Promise<void> }>;

const scratch: string[] = [];
after(() => { for (const dir of scratch) rmSync(dir, { recursive: true, force: true }); });

/** A forwarder stand-in that appends "ARGS<TAB>STDIN" lines to a log. */
function fakeHook(): { path: string; lines: () => string[] } {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-kilo-plugin-"));
  scratch.push(dir);
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

// Bus events as Kilo 7.7.7 published them to a plugin in one turn with a permission and a question
// (abridged: the properties agentmux reads).
const TURN = [
  { type: "plugin.added", properties: { id: "agent" } },
  { type: "session.created", properties: { sessionID: "ses_k1", info: { id: "ses_k1", slug: "shiny-cactus", version: "7.7.7" } } },
  { type: "session.status", properties: { sessionID: "ses_k1", status: { type: "busy" } } },
  { type: "message.part.delta", properties: { sessionID: "ses_k1" } },
  { type: "permission.asked", properties: { id: "per_1", sessionID: "ses_k1", permission: "bash", patterns: ["touch m"], metadata: { command: "touch m", description: "Create marker file" } } },
  { type: "permission.replied", properties: { sessionID: "ses_k1", requestID: "per_1", reply: "once" } },
  { type: "question.asked", properties: { id: "que_1", sessionID: "ses_k1", questions: [{ question: "Which colour?", header: "Colour", options: [{ label: "Red", description: "" }] }] } },
  { type: "question.replied", properties: { sessionID: "ses_k1", requestID: "que_1", answers: [["Red"]] } },
  { type: "session.status", properties: { sessionID: "ses_k1", status: { type: "idle" } } },
  { type: "session.idle", properties: { sessionID: "ses_k1" } },
];

describe("Kilo's events (etc/kilo/agentmux.js, opencode's table)", () => {
  it("the plugin forwards a turn's bus events as --agent kilo, under names the table knows, each with its meaning and the session's id", async () => {
    const hook = fakeHook();
    process.env["AGENTMUX_SOCK"] = "/tmp/agentmux-test.sock";
    const { Agentmux } = (await import(PLUGIN_URL)) as { Agentmux: Plugin };
    const plugin = await Agentmux({}, { hook: hook.path });
    for (const event of TURN) await plugin.event({ event });
    await until("six events forwarded", () => hook.lines().length === 6);
    const forwarded = hook.lines().map((l) => l.split("\t"));
    assert.deepEqual(forwarded.map(([args]) => args), ["--agent kilo session-created", "--agent kilo session-busy", "--agent kilo permission-asked",
      "--agent kilo permission-replied", "--agent kilo question-asked", "--agent kilo session-idle"]);
    const kinds = forwarded.map(([args, payload]) => {
      const name = (args ?? "").split(" ").pop() ?? "";
      assert.ok(KILO_HOOK_EVENTS.includes(name), `${name} is in the table`);
      const meaning = kiloHookMeaning(name, JSON.parse(payload ?? "{}") as Record<string, unknown>);
      assert.equal(meaning.sessionId, "ses_k1", name);
      return meaning.events.map((e) => e.kind).join();
    });
    assert.deepEqual(kinds, ["started", "activity", "blocked", "activity", "blocked", "stop"]);
    delete process.env["AGENTMUX_SOCK"];
  });

  it("a permission's ask names the command it asks about, and its cause is permission", () => {
    const payload = TURN[4]?.properties ?? {};
    assert.equal(KILO_HOOKS.events["permission-asked"]?.cause?.(payload)?.why, "permission");
    const ask = KILO_HOOKS.ask?.("permission-asked", payload);
    assert.ok(ask && ask.kind === "permission");
    assert.equal(ask.summary, "bash: touch m");
  });

  it("a copy installed by hand (no options) stands aside while the session's copy is loaded", async () => {
    const own = fakeHook();
    const global = fakeHook();
    process.env["AGENTMUX_SOCK"] = "/tmp/agentmux-test.sock";
    process.env["AGENTMUX_HOOK"] = global.path;
    const { Agentmux } = (await import(PLUGIN_URL)) as { Agentmux: Plugin };
    const handCopy = await Agentmux({});
    const sessionCopy = await Agentmux({}, { hook: own.path });
    const idle = { type: "session.status", properties: { sessionID: "ses_2", status: { type: "idle" } } };
    await handCopy.event({ event: idle });
    await sessionCopy.event({ event: idle });
    await until("the session copy forwarded", () => own.lines().length === 1);
    await sleep(200);
    assert.deepEqual(global.lines(), []);
    delete process.env["AGENTMUX_HOOK"];
    delete process.env["AGENTMUX_SOCK"];
  });
});
