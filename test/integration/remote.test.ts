import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import { WebSocket } from "ws";
import { claudeAccounts } from "../helpers/account-homes.ts";
import { startFakeUsageServer, type FakeUsageServer } from "../helpers/fake-usage-server.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { freePort } from "../helpers/free-port.ts";

/** A free TCP port (taken and let go). */

interface Reply { status: number; headers: IncomingHttpHeaders; body: Record<string, unknown> }
type Message = { type: string; [k: string]: unknown };

/**
 * The phone page's server in a real daemon, on loopback: only 127.0.0.2/32 is allowed (so a token
 * is required), the host the page is opened at is 127.0.0.2; a client connects from 127.0.0.2
 * (inside) or 127.0.0.1 (outside).
 */
describe("the phone page's server (agentmux remote)", () => {
  const server = new TestServer();
  const agents = join(server.home, "agents.log");
  let usage: FakeUsageServer;
  let port = 0;
  let token = "";
  let one = "";
  let two = "";
  const host = () => `127.0.0.2:${port}`;

  const call = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; from?: string; auth?: boolean } = {}): Promise<Reply> => new Promise((resolve, reject) => {
    const data = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { Host: host(), ...(method === "POST" ? { "X-Agent-Remote": "1", "Content-Type": "application/json" } : {}), ...(options.auth !== false && token ? { Authorization: `Bearer ${token}` } : {}), ...options.headers };
    for (const [k, v] of Object.entries(headers)) if (v === "") delete headers[k];
    const req = httpRequest({ host: "127.0.0.2", port, method, path, localAddress: options.from ?? "127.0.0.2", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: Record<string, unknown> = {};
        try { body = JSON.parse(text) as Record<string, unknown>; } catch { body = { text }; }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on("error", reject);
    req.end(data);
  });

  /** A WebSocket client that keeps every message; `next` waits for one matching. */
  const open = (options: { origin?: string; token?: string } = {}) => {
    const ws = new WebSocket(`ws://${host()}/ws${options.token === undefined ? `?token=${token}` : options.token ? `?token=${options.token}` : ""}`, { localAddress: "127.0.0.2", origin: options.origin ?? `http://${host()}` });
    const messages: Message[] = [];
    ws.on("message", (d) => messages.push(JSON.parse(String(d)) as Message));
    const next = async (what: string, match: (m: Message) => boolean, timeoutMs = 10_000): Promise<Message> => {
      let found: Message | undefined;
      await server.waitFor(what, () => (found = messages.find(match)) !== undefined, timeoutMs);
      messages.splice(messages.indexOf(found as Message), 1);
      return found as Message;
    };
    return { ws, messages, next, opened: new Promise<void>((resolve, reject) => { ws.once("open", () => resolve()); ws.once("unexpected-response", (_req, res) => reject(new Error(`refused ${res.statusCode ?? 0}`))); ws.once("error", reject); }) };
  };
  const rowsOf = (m: Message) => (m["sessions"] as Array<{ pane: string; state: string; glyph: string }>);
  const starts = () => (existsSync(agents) ? readFileSync(agents, "utf8") : "").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { event: string; args?: string[]; env?: { CLAUDE_CONFIG_DIR?: string } }).filter((e) => e.event === "start");

  before(async () => {
    usage = await startFakeUsageServer();
    const window = (pct: number) => ({ utilization: pct, resets_at: "2030-01-01T00:00:00Z" });
    usage.answer("/claude tok-a", { status: 200, body: { five_hour: window(12), seven_day: window(30) } });
    usage.answer("/claude tok-b", { status: 200, body: { five_hour: window(100), seven_day: window(100) } });
    port = await freePort("0.0.0.0");
    claudeAccounts(server, ["a", "b"], {
      backends: { claude: { accounts: { a: { home: "~/.claude-a", pool: "team" }, b: { home: "~/.claude-b", pool: "team" }, c: { home: "~/.claude-c" } } } },
      usage: { interval: 10, claude: { url: usage.url("/claude") } },
      remote: { port, host: "127.0.0.2", allowedNetworks: ["127.0.0.2/32"], outputLines: 12 },
    }, { loggedOut: ["c"] });
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: agents, FAKE_SLOW_MS: "4000" });
    for (let i = 0; i < 11; i++) await server.tmux(["new-window", "-d", "-t", "base"]);
    for (const [instance, account] of [["one #1 'q'", "a"], ["two", "b"]] as const) {
      const r = await server.cli(["new", "--backend", "claude", "--account", account, "--dir", server.work, "--instance", instance.replace(/[^\w]/g, "_"), "--detached"]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      const pane = String(r.stdout).trim();
      if (account === "a") one = pane; else two = pane;
      await waitForState(server, pane, "idle");
    }
    assert.ok(Number(one.slice(1)) > 10, one);
  });
  after(async () => {
    await server.cli(["remote", "stop"]);
    await server.cli(["daemon", "stop"]);
    try { await server.stop(); } finally { await usage.close(); }
  });

  it("remote start says when the port is in use (non-zero exit), then serves once it is free", async () => {
    const status = await server.cli(["remote", "status"]);
    assert.match(String(status.stdout), /not serving/);
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(port, "0.0.0.0", () => r()));
    const busy = await server.cli(["remote", "start"]);
    await new Promise<void>((r) => blocker.close(() => r()));
    assert.notEqual(busy.exitCode, 0);
    assert.match(String(busy.stderr), new RegExp(`port ${port} is in use`));
    const started = await server.cli(["remote", "start"]);
    assert.equal(started.exitCode, 0, String(started.stderr));
    assert.match(String(started.stdout), new RegExp(`open http://127.0.0.2:${port}/ on the phone`));
  });

  it("a peer outside the allowed networks gets its connection closed without a response", async () => {
    const got = await new Promise<{ data: string; closed: boolean }>((resolve) => {
      let data = "";
      const socket = connect({ host: "127.0.0.2", port, localAddress: "127.0.0.1" }, () => socket.write(`GET /api/sessions HTTP/1.1\r\nHost: ${host()}\r\n\r\n`));
      socket.on("data", (d) => { data += String(d); });
      socket.on("error", () => undefined);
      socket.on("close", () => resolve({ data, closed: true }));
      setTimeout(() => { socket.destroy(); resolve({ data, closed: false }); }, 5000);
    });
    assert.deepEqual(got, { data: "", closed: true });
    await assert.rejects(call("GET", "/api/sessions", { from: "127.0.0.1" }));
  });

  it("refusals inside: a wrong Host is misdirected (421), input without X-Agent-Remote is 403, no preflight is approved, no token is 401", async () => {
    const wrongHost = await call("GET", "/api/sessions", { headers: { Host: `localhost:${port}` } });
    assert.equal(wrongHost.status, 421);
    assert.match(String(wrongHost.body["error"]), /answers to 127\.0\.0\.2:\d+/);
    const rebinding = await call("GET", "/", { headers: { Host: `evil.example:${port}` } });
    assert.equal(rebinding.status, 421);
    const noHeader = await call("POST", "/api/send", { body: { pane: one, text: "x" }, headers: { "X-Agent-Remote": "" } });
    assert.equal(noHeader.status, 403);
    const preflight = await call("OPTIONS", "/api/send", { headers: { Origin: "http://evil.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x-agent-remote" } });
    assert.ok([403, 405].includes(preflight.status), String(preflight.status));
    assert.ok(!Object.keys(preflight.headers).some((h) => h.startsWith("access-control-")), JSON.stringify(preflight.headers));
    const noToken = await call("GET", "/api/sessions", { auth: false });
    assert.equal(noToken.status, 401);
    assert.equal(noToken.body["pair"], true);
    const wrongToken = await call("GET", "/api/sessions", { headers: { Authorization: "Bearer not-a-token" } });
    assert.equal(wrongToken.status, 401);
    assert.ok(!Object.keys(wrongToken.headers).some((h) => h.startsWith("access-control-")));
  });

  it("pairing: a one-time code from remote pair is exchanged once for a token", async () => {
    const r = await server.cli(["remote", "pair", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const { code, url } = JSON.parse(String(r.stdout)) as { code: string; url: string };
    assert.equal(url, `http://${host()}/`);
    const wrong = await call("POST", "/api/pair", { body: { code: "ZZZZ-ZZZZ", device: "phone" }, auth: false });
    assert.equal(wrong.status, 401);
    const paired = await call("POST", "/api/pair", { body: { code, device: "Pixel \"8\" ü" }, auth: false });
    assert.equal(paired.status, 200, JSON.stringify(paired.body));
    token = String(paired.body["token"]);
    const again = await call("POST", "/api/pair", { body: { code, device: "thief" }, auth: false });
    assert.equal(again.status, 401, "a code works once");
    const devices = JSON.parse(String((await server.cli(["remote", "devices", "--json"])).stdout)) as Array<{ name: string }>;
    assert.deepEqual(devices.map((d) => d.name), ["Pixel \"8\" ü"]);
    assert.ok(!readFileSync(join(server.home, "state", "remote", "devices.json"), "utf8").includes(token));
  });

  it("the list: blocked first, then the rest by key, with glyph, backend and account", async () => {
    await server.cli(["send", two, "/tool"]);
    await waitForState(server, two, "blocked");
    const r = await call("GET", "/api/sessions");
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const rows = r.body["sessions"] as Array<Record<string, unknown>>;
    assert.deepEqual(rows.map((s) => [s["pane"], s["state"], s["glyph"], s["backend"], s["account"]]), [[two, "blocked", "⚠", "claude", "b"], [one, "idle", "○", "claude", "a"]]);
    assert.equal(typeof rows[0]?.["since"], "number");
    assert.equal(typeof rows[0]?.["key"], "string");
  });

  it("the WebSocket is refused cross-origin and without a valid token", async () => {
    await assert.rejects(open({ origin: "http://evil.example" }).opened, /refused 403/);
    await assert.rejects(open({ origin: `http://localhost:${port}` }).opened, /refused 403/);
    await assert.rejects(open({ token: "" }).opened, /refused 401/);
    await assert.rejects(open({ token: "wrong" }).opened, /refused 401/);
  });

  it("live: the list at once; output of the watched pane pushed as it changes; a reply reaches the session", async () => {
    const c = open();
    await c.opened;
    const first = await c.next("the list", (m) => m.type === "sessions");
    assert.deepEqual(rowsOf(first).map((s) => s.pane), [two, one]);
    c.ws.send(JSON.stringify({ type: "watch", pane: one }));
    const output = await c.next("the output", (m) => m.type === "output");
    assert.equal(output["pane"], one);
    assert.ok((output["lines"] as string[]).length <= 12);
    const sent = await call("POST", "/api/send", { body: { pane: one, text: "hello from the phone #1 %s" } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await c.next("the answer pushed", (m) => m.type === "output" && (m["lines"] as string[]).some((l) => l.includes("received: hello from the phone #1 %s")));
    await c.next("waiting pushed", (m) => m.type === "sessions" && rowsOf(m).some((s) => s.pane === one && s.state === "waiting"));
    // Several lines go in as one paste (a one-shot tmux: the control connection takes no input).
    assert.equal((await call("POST", "/api/send", { body: { pane: one, text: "line one\nline 'two' ü" } })).status, 200);
    await c.next("the pasted answer", (m) => m.type === "output" && (m["lines"] as string[]).some((l) => l.includes("received: line one⏎line 'two' ü")));
    // What a session asks, as published on the pane, is in its row (pushed after the daemon's next look at the panes).
    // (Set by hand on the idle one: two's is the daemon's own, whose digest answers its dialog below.)
    const ask = { kind: "permission", summary: "Bash: touch \"marker\" ü", text: ["touch marker"], options: ["Yes", "No"], dialog: "d1", source: "hook", at: Date.now() };
    await server.tmux(["set-option", "-p", "-t", one, "@agentmux-ask", JSON.stringify(ask)]);
    const withAsk = await c.next("the ask pushed", (m) => m.type === "sessions" && rowsOf(m).some((s) => s.pane === one && (s as { ask?: { summary?: string } | null }).ask?.summary === ask.summary), 8000);
    // With the keys that pick each option, for the page's option buttons (here the digits).
    assert.deepEqual((rowsOf(withAsk).find((s) => s.pane === one) as unknown as { ask: unknown }).ask, { ...ask, keys: [["1"], ["2"]] });
    assert.equal((await call("POST", "/api/send", { body: { pane: one, text: "   " } })).status, 400);
    c.ws.close();
  });

  it("keys: each allowed one is accepted, an unknown one refused; Escape is an interrupt, as typed in the pane", async () => {
    const c = open();
    await c.opened;
    c.ws.send(JSON.stringify({ type: "watch", pane: one }));
    for (const bad of [["Q"], ["C-b"], ["M-x"], ["Escape", "F12"], "Enter"]) {
      const r = await call("POST", "/api/keys", { body: { pane: one, keys: bad } });
      assert.equal(r.status, 400, JSON.stringify(bad));
    }
    for (const key of ["Tab", "BTab", "Up", "Down", "Left", "Right", "y", "n", "2", "3", "4", "5", "6", "7", "8", "9"]) {
      const r = await call("POST", "/api/keys", { body: { pane: one, keys: [key] } });
      assert.equal(r.status, 200, `${key}: ${JSON.stringify(r.body)}`);
    }
    assert.equal((await call("POST", "/api/keys", { body: { pane: one, keys: ["Enter"] } })).status, 200);
    await c.next("the typed keys submitted", (m) => m.type === "output" && (m["lines"] as string[]).some((l) => /received: .*yn23456789/.test(l)));
    // "1" answers the blocked session's dialog, with the digest of the dialog its row shows.
    let dialog = "";
    await server.waitFor("two's dialog in its row", async () => {
      const rows = (await call("GET", "/api/sessions")).body["sessions"] as Array<{ pane: string; ask: { dialog: string } | null }>;
      dialog = rows.find((s) => s.pane === two)?.ask?.dialog ?? "";
      return dialog !== "";
    });
    assert.equal((await call("POST", "/api/keys", { body: { pane: two, keys: ["1"], dialog } })).status, 200);
    await c.next("two answered", (m) => m.type === "sessions" && rowsOf(m).some((s) => s.pane === two && s.state === "waiting"));
    await call("POST", "/api/send", { body: { pane: one, text: "/slow" } });
    await c.next("working", (m) => m.type === "sessions" && rowsOf(m).some((s) => s.pane === one && s.state === "working"));
    assert.equal((await call("POST", "/api/keys", { body: { pane: one, keys: ["Escape"] } })).status, 200);
    await c.next("interrupted: blocked", (m) => m.type === "sessions" && rowsOf(m).some((s) => s.pane === one && s.state === "blocked"), 8000);
    await c.next("the interrupt on screen", (m) => m.type === "output" && (m["lines"] as string[]).some((l) => l.includes("Interrupted")));
    c.ws.close();
  });

  it("restart: the backend's pools and accounts with usage, limited and logged-out marked; a restart under the pool routes to a member and becomes the selection", async () => {
    const cache = join(server.home, "state", "usage", "readings.json");
    await server.waitFor("both readings", () => { try { return (JSON.parse(readFileSync(cache, "utf8")) as { records: Array<{ reading?: unknown }> }).records.filter((r) => r.reading).length >= 2; } catch { return false; } }, 20_000);
    const r = await call("GET", `/api/accounts?pane=${encodeURIComponent(two)}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body["backend"], "claude");
    assert.equal(r.body["current"], "b");
    const choices = r.body["choices"] as Array<Record<string, unknown>>;
    assert.deepEqual(choices.map((c) => [c["value"], c["kind"], c["weekly"], c["session"], c["limited"], c["loggedOut"]]), [
      ["team", "pool", null, null, false, false],
      ["a", "account", "30%", "12%", false, false],
      ["b", "account", "100%", "100%", true, false],
      ["c", "account", null, null, false, true],
    ]);
    const loggedOut = await call("POST", "/api/restart", { body: { pane: two, account: "c" } });
    assert.equal(loggedOut.status, 409);
    const unknown = await call("POST", "/api/restart", { body: { pane: two, account: "nobody" } });
    assert.equal(unknown.status, 400);
    const before = starts().length;
    const done = await call("POST", "/api/restart", { body: { pane: two, account: "team" } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body["pane"], two);
    await server.waitFor("the restarted process", () => starts().length > before, 20_000);
    assert.match(starts().at(-1)?.env?.CLAUDE_CONFIG_DIR ?? "", /\.claude-a$/);
    await server.waitFor("account a", async () => (await paneOption(server, two, "@agentmux-account")) === "a");
    const selection = JSON.parse(readFileSync(join(server.home, "state", "accounts", "selection.json"), "utf8")) as { selected: Record<string, string> };
    assert.equal(selection.selected["claude"], "team");
  });

  it("restart is refused for a session with captured prompts", async () => {
    const editor = join(server.home, "fake-editor");
    writeFileSync(editor, "#!/bin/sh\necho 'a prompt for later' >> \"$1\"\n");
    chmodSync(editor, 0o755);
    const captured = await server.cli(["prompt", "capture", "--no-popup", two], { env: { EDITOR: editor, VISUAL: "" } });
    assert.equal(captured.exitCode, 0, String(captured.stderr));
    const r = await call("POST", "/api/restart", { body: { pane: two, account: "a" } });
    assert.equal(r.status, 409, JSON.stringify(r.body));
    assert.match(String(r.body["error"]), /1 captured prompt/);
  });

  it("restart of a session with nothing to resume (no message exchanged) starts it fresh under the account, and the answer says so", async () => {
    const r = await server.cli(["new", "--backend", "claude", "--account", "a", "--dir", server.work, "--instance", "quiet", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const quiet = String(r.stdout).trim();
    await waitForState(server, quiet, "idle");
    await server.waitFor("its native id", async () => (await paneOption(server, quiet, "@agentmux-id")) !== "");
    const before = starts().length;
    const done = await call("POST", "/api/restart", { body: { pane: quiet, account: "a" } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.deepEqual([done.body["pane"], done.body["account"]], [quiet, "a"]);
    assert.match(String(done.body["fresh"]), /was never recorded \(no message was exchanged\)/);
    await server.waitFor("the new process", () => starts().length > before, 20_000);
    assert.ok(!(starts().at(-1)?.args ?? []).includes("--resume"), "never --resume of a conversation Claude would not find");
    await waitForState(server, quiet, "idle");
    assert.equal((await server.cli(["kill", quiet, "--yes"])).exitCode, 0);
  });

  it("a watched session that ends is said to have ended", async () => {
    const c = open();
    await c.opened;
    c.ws.send(JSON.stringify({ type: "watch", pane: one }));
    await c.next("the output", (m) => m.type === "output");
    assert.equal((await call("POST", "/api/keys", { body: { pane: one, keys: ["C-c"] } })).status, 200);
    const ended = await c.next("ended", (m) => m.type === "ended");
    assert.equal(ended["pane"], one);
    await c.next("the list without it", (m) => m.type === "sessions" && !rowsOf(m).some((s) => s.pane === one));
    const gone = await call("POST", "/api/send", { body: { pane: one, text: "anyone?" } });
    assert.equal(gone.status, 404);
    c.ws.close();
  });

  it("a revoked device is refused at once, its open WebSocket closed", async () => {
    const c = open();
    await c.opened;
    await c.next("the list", (m) => m.type === "sessions");
    let closed: number | null = null;
    c.ws.once("close", (code) => { closed = code; });
    const r = await server.cli(["remote", "revoke", "Pixel \"8\" ü"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const refused = await call("GET", "/api/sessions");
    assert.equal(refused.status, 401);
    // Its socket is closed by the revocation itself, not at the next push (nothing else happens here).
    await server.waitFor("the revoked device's WebSocket closed", () => closed !== null, 15_000);
    assert.equal(closed, 4401);
    const missing = await server.cli(["remote", "revoke", "Pixel \"8\" ü"]);
    assert.notEqual(missing.exitCode, 0);
    assert.match(String(missing.stderr), /no paired device/);
  });

  it("status --json, then stop: the port is closed", async () => {
    const s = await server.cli(["remote", "status", "--json"]);
    const status = JSON.parse(String(s.stdout)) as Record<string, unknown>;
    assert.equal(status["running"], true);
    assert.equal(status["port"], port);
    assert.deepEqual(status["allowedNetworks"], ["127.0.0.2/32"]);
    const stopped = await server.cli(["remote", "stop"]);
    assert.equal(stopped.exitCode, 0, String(stopped.stderr));
    await assert.rejects(call("GET", "/api/sessions"));
  });
});

