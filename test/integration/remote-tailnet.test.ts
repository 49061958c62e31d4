import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { freePort, openSocket, remoteCall } from "../helpers/remote-client.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { waitForState } from "../helpers/agentmux-session.ts";

/** An address in Tailscale's range, put on the loopback device for this file: a tailnet peer that is this machine itself. */
const TAILNET_IP = "100.100.1.1";

/** Adds TAILNET_IP to lo; the reason to skip when it cannot (not root, no `ip`, no permission). added: whether this file must remove it. */
function addTailnetAddress(): { skip: string | false; added: boolean } {
  if (process.getuid?.() !== 0) return { skip: `needs root to put ${TAILNET_IP} on the loopback device (ip addr add)`, added: false };
  const shown = spawnSync("ip", ["-4", "addr", "show", "dev", "lo"], { encoding: "utf8" });
  if (shown.status !== 0) return { skip: `cannot run ip addr show: ${shown.error?.message ?? shown.stderr}`, added: false };
  if (shown.stdout.includes(`${TAILNET_IP}/32`)) return { skip: false, added: false };
  const add = spawnSync("ip", ["addr", "add", `${TAILNET_IP}/32`, "dev", "lo"], { encoding: "utf8" });
  return add.status === 0 ? { skip: false, added: true } : { skip: `cannot add ${TAILNET_IP} to lo: ${add.stderr.trim()}`, added: false };
}

const tailnet = addTailnetAddress();

/**
 * The page's default networks (Tailscale's range only) on a real daemon, with a stand-in
 * `tailscale` that says this machine's tailnet address is TAILNET_IP: a peer on the tailnet (here a
 * local user connecting to that address) gets nothing without a paired device's token.
 */
describe("the phone page from a tailnet address (agentmux remote)", { skip: tailnet.skip }, () => {
  const server = new TestServer();
  const agents = join(server.home, "agents.log");
  let port = 0;
  let pane = "";
  const submits = () => (existsSync(agents) ? readFileSync(agents, "utf8") : "").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { event: string }).filter((e) => e.event === "submit").length;

  before(async () => {
    port = await freePort();
    const bin = join(server.home, "tailscale-bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, "tailscale"), `#!/bin/sh\n[ "$1 $2" = "ip -4" ] && echo ${TAILNET_IP} && exit 0\nexit 1\n`);
    chmodSync(join(bin, "tailscale"), 0o755);
    server.env["PATH"] = `${bin}:${server.env["PATH"] ?? ""}`;
    // Nothing but the port: the default networks (100.64.0.0/10), the host from tailscale.
    writeConfig(server.home, { remote: { port } });
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: agents });
    const r = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", "tailnet", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    await waitForState(server, pane, "idle");
    const started = await server.cli(["remote", "start"]);
    assert.equal(started.exitCode, 0, String(started.stderr));
    assert.match(String(started.stdout), new RegExp(`open http://${TAILNET_IP.replaceAll(".", "\\.")}:${port}/`));
  });
  after(async () => {
    await server.cli(["remote", "stop"]);
    await server.cli(["daemon", "stop"]);
    await server.stop();
    if (tailnet.added) spawnSync("ip", ["addr", "del", `${TAILNET_IP}/32`, "dev", "lo"]);
  });

  it("a tailnet peer without a device token can neither list sessions nor type into them", async () => {
    const call = (method: string, path: string, body?: unknown) => remoteCall(TAILNET_IP, port, method, path, { from: TAILNET_IP, ...(body === undefined ? {} : { body }) });
    const list = await call("GET", "/api/sessions");
    assert.equal(list.status, 401, JSON.stringify(list.body));
    assert.equal(list.body["pair"], true);
    const before = submits();
    const sent = await call("POST", "/api/send", { pane, text: "id > pwned" });
    assert.equal(sent.status, 401, JSON.stringify(sent.body));
    assert.equal((await call("POST", "/api/keys", { pane, keys: ["Enter"] })).status, 401);
    await assert.rejects(openSocket(TAILNET_IP, port, TAILNET_IP, "").opened, /refused 401/);
    assert.equal(submits(), before, "nothing was submitted to the session");
    assert.doesNotMatch(await server.capture(pane), /pwned/);
  });
});
