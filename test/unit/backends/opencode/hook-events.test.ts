import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { opencodePluginPath } from "../../../../src/backends/opencode/config.ts";
import { OPENCODE_HOOK_EVENTS, opencodeHookMeaning } from "../../../../src/backends/opencode/hook-events.ts";
import { opencodeAsk } from "../../../../src/backends/opencode/ask.ts";
import { sleep } from "../../../../src/util/sleep.ts";

const PLUGIN_URL = pathToFileURL(opencodePluginPath()).href;

type Plugin = (input: unknown, options?: unknown) => Promise<{ event: (e: { event: { type: string; properties?: unknown } }) => Promise<void> }>;

/** A forwarder stand-in that appends "ARGS<TAB>STDIN" lines to a log; `before` runs first (a slow one). */
function fakeHook(before = ""): { path: string; lines: () => string[] } {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-oc-plugin-"));
  const path = join(dir, "hook with space");
  const log = join(dir, "log");
  writeFileSync(path, `#!/bin/sh\n${before}\nin=$(cat)\nprintf '%s\\t%s\\n' "$*" "$in" >> '${log}'\n`);
  chmodSync(path, 0o755);
  return { path, lines: () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean) : []) };
}

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await sleep(25);
  assert.ok(check(), what);
}

// Bus events as opencode 1.18.33 publishes them to plugins, in one turn with a permission.
const TURN = [
  { type: "session.created", properties: { info: { id: "ses_1", title: "t" } } },
  { type: "session.status", properties: { sessionID: "ses_1", status: { type: "busy" } } },
  { type: "message.part.delta", properties: { sessionID: "ses_1" } },
  { type: "permission.asked", properties: { id: "per_1", sessionID: "ses_1", permission: "bash" } },
  { type: "permission.replied", properties: { sessionID: "ses_1", reply: "once" } },
  { type: "session.status", properties: { sessionID: "ses_1", status: { type: "retry", attempt: 1 } } },
  { type: "question.asked", properties: { sessionID: "ses_1" } },
  { type: "session.status", properties: { sessionID: "ses_1", status: { type: "idle" } } },
  { type: "session.idle", properties: { sessionID: "ses_1" } },
];

describe("the opencode plugin (etc/opencode/agentmux.js)", () => {
  // First: no session copy has been loaded in this process yet.
  it("installed by hand (no options), forwards through AGENTMUX_HOOK, and nothing without AGENTMUX_SOCK", async () => {
    const hook = fakeHook();
    process.env["AGENTMUX_HOOK"] = hook.path;
    delete process.env["AGENTMUX_SOCK"];
    const { Agentmux } = (await import(PLUGIN_URL)) as { Agentmux: Plugin };
    const handCopy = await Agentmux({});
    const busy = { type: "session.status", properties: { sessionID: "ses_0", status: { type: "busy" } } };
    await handCopy.event({ event: busy });
    process.env["AGENTMUX_SOCK"] = "/tmp/agentmux-test.sock";
    await handCopy.event({ event: { ...busy, properties: { ...busy.properties, sessionID: "ses_00" } } });
    await until("one event forwarded", () => hook.lines().length === 1);
    assert.match(hook.lines()[0] ?? "", /^--agent opencode session-busy\t.*"ses_00"/);
    delete process.env["AGENTMUX_HOOK"];
  });

  it("forwards a turn's bus events to the forwarder under names the event table knows, each with its meaning", async () => {
    const hook = fakeHook();
    process.env["AGENTMUX_SOCK"] = "/tmp/agentmux-test.sock";
    const { Agentmux } = (await import(PLUGIN_URL)) as { Agentmux: Plugin };
    const plugin = await Agentmux({}, { hook: hook.path });
    for (const event of TURN) await plugin.event({ event });
    await until("seven events forwarded", () => hook.lines().length === 7);
    const forwarded = hook.lines().map((l) => l.split("\t")).sort((a, b) => TURN.findIndex((e) => JSON.stringify(e.properties) === a[1]) - TURN.findIndex((e) => JSON.stringify(e.properties) === b[1]));
    const names = forwarded.map(([args]) => (args ?? "").trim());
    assert.deepEqual(names.slice().sort(), ["--agent opencode permission-asked", "--agent opencode permission-replied", "--agent opencode question-asked",
      "--agent opencode session-busy", "--agent opencode session-busy", "--agent opencode session-created", "--agent opencode session-idle"].sort());
    const kinds = new Map<string, string>();
    for (const [args, payload] of forwarded) {
      const name = (args ?? "").trim().split(" ").pop() ?? "";
      assert.ok((OPENCODE_HOOK_EVENTS as readonly string[]).includes(name), `${name} is in the table`);
      const meaning = opencodeHookMeaning(name, JSON.parse(payload ?? "{}") as Record<string, unknown>);
      assert.equal(meaning.sessionId, "ses_1");
      const at = (JSON.parse(payload ?? "{}") as { agentmux_at?: unknown }).agentmux_at;
      assert.ok(typeof at === "number" && Date.now() - at < 60_000, `${name} says when the bus said it (agentmux_at)`);
      kinds.set(`${name}:${JSON.stringify(JSON.parse(payload ?? "{}").status ?? null)}`, meaning.events.map((e) => e.kind).join());
    }
    // "retry" is opencode trying the model again: still working, never a stop.
    assert.equal(kinds.get('session-busy:{"type":"retry","attempt":1}'), "activity");
    assert.equal(kinds.get('session-idle:{"type":"idle"}'), "stop");
  });

  it("forwards events in the order opencode published them, even when the forwarder of the first is slow", async () => {
    // A permission's reply and the turn's end come a millisecond apart; read in the other order the
    // session would stay working.
    // Slower than the 2 s the plugin once waited at most: a loaded machine starts a forwarder that late.
    const hook = fakeHook('case "$*" in *permission-replied*) sleep 2.5;; esac');
    process.env["AGENTMUX_SOCK"] = "/tmp/agentmux-test.sock";
    const { Agentmux } = (await import(PLUGIN_URL)) as { Agentmux: Plugin };
    const plugin = await Agentmux({}, { hook: hook.path });
    await plugin.event({ event: { type: "permission.replied", properties: { sessionID: "ses_3", reply: "once" } } });
    await plugin.event({ event: { type: "session.status", properties: { sessionID: "ses_3", status: { type: "idle" } } } });
    await until("both forwarded", () => hook.lines().length === 2);
    assert.deepEqual(hook.lines().map((l) => (l.split("\t")[0] ?? "").split(" ").pop()), ["permission-replied", "session-idle"]);
  });

  it("hands the turn's answer over with the idle event: the text parts of the latest assistant message, streamed or whole", async () => {
    const hook = fakeHook();
    process.env["AGENTMUX_SOCK"] = "/tmp/agentmux-test.sock";
    const { Agentmux } = (await import(PLUGIN_URL)) as { Agentmux: Plugin };
    const plugin = await Agentmux({}, { hook: hook.path });
    const s = "ses_4";
    const events = [
      { type: "message.updated", properties: { sessionID: s, info: { id: "msg_u", sessionID: s, role: "user" } } },
      { type: "message.part.updated", properties: { sessionID: s, part: { id: "prt_u", messageID: "msg_u", sessionID: s, type: "text", text: "say hello" } } },
      { type: "message.updated", properties: { sessionID: s, info: { id: "msg_a", sessionID: s, role: "assistant" } } },
      { type: "message.part.updated", properties: { sessionID: s, part: { id: "prt_1", messageID: "msg_a", sessionID: s, type: "text", text: "" } } },
      { type: "message.part.delta", properties: { sessionID: s, messageID: "msg_a", partID: "prt_1", field: "text", delta: "Hello " } },
      { type: "message.part.delta", properties: { sessionID: s, messageID: "msg_a", partID: "prt_1", field: "text", delta: "there." } },
      { type: "message.part.updated", properties: { sessionID: s, part: { id: "prt_2", messageID: "msg_a", sessionID: s, type: "tool", tool: "bash" } } },
      { type: "message.part.updated", properties: { sessionID: s, part: { id: "prt_3", messageID: "msg_a", sessionID: s, type: "text", text: "Done.", synthetic: false } } },
      { type: "session.status", properties: { sessionID: s, status: { type: "idle" } } },
    ];
    for (const event of events) await plugin.event({ event });
    await until("the idle event forwarded", () => hook.lines().some((l) => l.includes("session-idle")));
    const payload = JSON.parse(hook.lines().find((l) => l.includes("session-idle"))?.split("\t")[1] ?? "{}") as Record<string, unknown>;
    assert.equal(payload["last_assistant_message"], "Hello there.\nDone.");
    assert.deepEqual(opencodeAsk("session-idle", payload), { kind: "answer", summary: "Hello there.", text: ["Hello there.", "Done."], options: [] });
    // A session whose answer is not known says nothing of one.
    await plugin.event({ event: { type: "session.status", properties: { sessionID: "ses_5", status: { type: "idle" } } } });
    await until("the second idle event forwarded", () => hook.lines().filter((l) => l.includes("session-idle")).length === 2);
    assert.ok(!(hook.lines().at(-1) ?? "").includes("last_assistant_message"));
  });

  it("a copy installed by hand (no options) stands aside while the session's copy is loaded, so no event goes twice", async () => {
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
  });
});
