import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { freePort, openSocket, remoteCall, slowBodies, type Reply } from "../helpers/remote-client.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { waitForState } from "../helpers/agentmux-session.ts";

interface RowAsk { dialog: string; options: string[] }

/**
 * The phone page's guards on a real daemon, on loopback: 127.0.0.0/24 is allowed (so many peer
 * addresses can be used), the page is opened at 127.0.0.2, the phone connects from 127.0.0.2.
 * A fake claude logs every byte typed into it (FAKE_RAW_LOG), so "nothing typed" is checked at the
 * program's end.
 */
describe("the phone page's guards (agentmux remote)", () => {
  const server = new TestServer();
  const raw = join(server.home, "raw.log");
  const host = "127.0.0.2";
  let port = 0;
  let token = "";
  /** A second device's token, revoked by a test (paired here: the rate-limit tests use up the pairing limits). */
  let oldToken = "";
  let pane = "";
  const call = (method: string, path: string, options: { body?: unknown; from?: string; token?: string } = {}): Promise<Reply> =>
    remoteCall(host, port, method, path, { from: options.from ?? host, token: "token" in options ? options.token : token, ...(options.body === undefined ? {} : { body: options.body }) });
  const typed = () => (existsSync(raw) ? readFileSync(raw, "utf8") : "").split("\n").filter(Boolean).map((l) => JSON.parse(l) as string).join("");
  const pair = async (device: string): Promise<string> => {
    const { code } = JSON.parse(String((await server.cli(["remote", "pair", "--json"])).stdout)) as { code: string };
    const paired = await call("POST", "/api/pair", { body: { code, device }, token: "" });
    assert.equal(paired.status, 200, JSON.stringify(paired.body));
    return String(paired.body["token"]);
  };
  /** The dialog the page shows for the pane (its row's Ask), once it is one whose options include `option`. */
  const shownDialog = async (option: string): Promise<RowAsk> => {
    let ask: RowAsk | undefined;
    await server.waitFor(`a dialog with ${option} in the page's row`, async () => {
      const rows = (await call("GET", "/api/sessions")).body["sessions"] as Array<{ pane: string; ask: RowAsk | null }>;
      ask = rows.find((r) => r.pane === pane)?.ask ?? undefined;
      return ask !== undefined && ask.dialog !== "" && ask.options.includes(option);
    });
    return ask as RowAsk;
  };

  before(async () => {
    port = await freePort();
    writeConfig(server.home, { remote: { port, host, allowedNetworks: ["127.0.0.0/24"] } });
    await server.start();
    await server.setServerEnv({ FAKE_RAW_LOG: raw });
    const r = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", "guarded", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    await waitForState(server, pane, "idle");
    const started = await server.cli(["remote", "start"]);
    assert.equal(started.exitCode, 0, String(started.stderr));
    token = await pair("phone");
    oldToken = await pair("old phone");
  });
  after(async () => {
    await server.cli(["remote", "stop"]);
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("keys answer only the dialog the page showed: with another dialog on screen they are refused (409) and nothing is typed", async () => {
    await server.cli(["send", pane, "/ask2"]);
    await waitForState(server, pane, "blocked");
    const colour = await shownDialog("Red");
    // At the terminal, the colour is answered: the screen now asks the size (still blocked).
    await server.tmux(["send-keys", "-t", pane, "1"]);
    await server.waitForScreen(pane, /How big should the marker be\?/);
    const before = typed();
    const stale = await call("POST", "/api/keys", { body: { pane, keys: ["1"], dialog: colour.dialog } });
    assert.equal(stale.status, 409, JSON.stringify(stale.body));
    assert.match(String(stale.body["error"]), /the dialog changed; nothing sent/);
    // A reply typed while a dialog the page never showed is open: refused too.
    const reply = await call("POST", "/api/send", { body: { pane, text: "2", dialog: "" } });
    assert.equal(reply.status, 409, JSON.stringify(reply.body));
    const noDigest = await call("POST", "/api/keys", { body: { pane, keys: ["Enter"] } });
    assert.equal(noDigest.status, 409, JSON.stringify(noDigest.body));
    assert.equal(typed(), before, "nothing reached the program");
    // The dialog the page shows now is answered.
    const size = await shownDialog("Small");
    const answered = await call("POST", "/api/keys", { body: { pane, keys: ["1"], dialog: size.dialog } });
    assert.equal(answered.status, 200, JSON.stringify(answered.body));
    await server.waitForScreen(pane, /you chose Red, Small/);
    await waitForState(server, pane, "waiting");
  });

  it("keys are the documented list: the page's row, and a letter only where the dialog shown names it", async () => {
    const before = typed();
    for (const bad of [["Space"], ["q"], ["a"], ["C-d"], ["Escape", "x"]]) {
      const r = await call("POST", "/api/keys", { body: { pane, keys: bad, dialog: "" } });
      assert.equal(r.status, 400, `${JSON.stringify(bad)}: ${JSON.stringify(r.body)}`);
      assert.match(String(r.body["error"]), /is not allowed/);
    }
    assert.equal(typed(), before, "nothing reached the program");
    for (const key of ["y", "n", "7"]) assert.equal((await call("POST", "/api/keys", { body: { pane, keys: [key], dialog: "" } })).status, 200, key);
    // Escape and C-c answer no dialog: they need no digest.
    assert.equal((await call("POST", "/api/keys", { body: { pane, keys: ["Escape"] } })).status, 200);
    await server.waitFor("the keys typed", () => typed().endsWith("yn7\x1b"));
  });

  it("revoking a device closes its open WebSocket at once, with nothing else happening", async () => {
    const old = oldToken;
    const c = openSocket(host, port, host, old);
    await c.opened;
    await server.waitFor("the list", () => c.messages.some((m) => m.type === "sessions"));
    let code: number | null = null;
    void c.closed.then((n) => { code = n; });
    const r = await server.cli(["remote", "revoke", "old phone"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    // No state changes, nothing is pushed: only the revocation itself can close it.
    await server.waitFor("the revoked device's WebSocket closed", () => code !== null, 15_000);
    assert.equal(code, 4401);
    assert.equal((await call("GET", "/api/sessions", { token: old })).status, 401);
    assert.equal((await call("GET", "/api/sessions")).status, 200, "the other device stays paired");
  });

  it("wrong pairing codes sent together, bodies after the headers, are counted where they are judged: past 5 they are refused (429)", async () => {
    const statuses = await slowBodies(host, port, "/api/pair", Array.from({ length: 200 }, (_, i) => ({ code: `WRNG-${String(i).padStart(4, "0")}`, device: "thief" })), "127.0.0.3");
    const judged = statuses.filter((s) => s === 401).length;
    assert.ok(judged <= 5, `${judged} wrong codes were judged, not at most 5`);
    assert.equal(statuses.filter((s) => s === 429).length, 200 - judged, JSON.stringify(statuses));
  });

  it("wrong codes from many addresses together are capped overall", async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      statuses.push(...(await Promise.all(Array.from({ length: 30 }, (_, i) => call("POST", "/api/pair", { body: { code: "ZZZZ-ZZZZ", device: "x" }, token: "", from: `127.0.0.${10 + i}` })))).map((r) => r.status));
    }
    assert.ok(statuses.includes(429), `no 429 among ${statuses.length} wrong codes from 30 addresses (4 each)`);
  });

  it("wrong tokens from many addresses together are capped overall; a paired device is not locked out by them", async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      statuses.push(...(await Promise.all(Array.from({ length: 30 }, (_, i) => call("GET", "/api/sessions", { token: `guess-${round}-${i}`, from: `127.0.0.${50 + i}` })))).map((r) => r.status));
    }
    assert.ok(statuses.includes(429), `no 429 among ${statuses.length} wrong tokens from 30 addresses (4 each)`);
    assert.equal((await call("GET", "/api/sessions")).status, 200);
  });
});
