import { writeConfig } from "./config.ts";
import { freePort } from "./free-port.ts";
import type { SshHost } from "./ssh-host.ts";
import type { TestServer } from "./tmux-server.ts";

/** A test host's entry in `hosts:` of the config, under `name`: its ssh alias, its agentmux, its tmux socket. */
export const hostEntry = (host: SshHost, name = "far"): Record<string, unknown> => ({ name, ssh: host.alias, agentmux: host.agentmux, socket: host.socketName });

/**
 * The phone page served by the server's daemon (its config written: these hosts, the page on
 * 127.0.0.1 at a free port, the only allowed network), and a device paired with it.
 */
export async function pairedPage(server: TestServer, hosts: Array<Record<string, unknown>>): Promise<{ port: number; token: string }> {
  const port = await freePort();
  writeConfig(server.home, { hosts, remote: { enabled: true, listen: "127.0.0.1", port, host: "127.0.0.1", allowedNetworks: ["127.0.0.1/32"] } });
  await server.waitFor("the page up", async () => (await fetch(`http://127.0.0.1:${port}/`).then((r) => r.status, () => 0)) !== 0, 20_000);
  const { code } = JSON.parse(String((await server.cli(["remote", "pair", "--json"])).stdout)) as { code: string };
  const paired = await fetch(`http://127.0.0.1:${port}/api/pair`, { method: "POST", headers: { "X-Agent-Remote": "1", "Content-Type": "application/json" }, body: JSON.stringify({ code, device: "phone" }) });
  const { token } = (await paired.json()) as { token: string };
  return { port, token };
}
