import type { Command } from "commander";
import { request } from "../daemon/client.ts";
import { ensureDaemon, layoutFor } from "../daemon/start.ts";
import { socketAlive } from "../daemon/socket-server.ts";
import { describeRemote, pairingLines } from "../remote/describe.ts";
import { DeviceStore, devicesFile } from "../remote/devices.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";
import { block, out, ownEscapes, shown } from "../util/terminal-text.ts";

const store = () => new DeviceStore(devicesFile(places().stateDir));

export function registerRemote(program: Command): void {
  const remote = program.command("remote").description("the phone page: watch and unblock sessions from a phone over Tailscale (docs/remote.md)");

  remote.command("start").description("serve the phone page from this tmux server's daemon").option("--json", "print JSON").action(async (options: { json?: boolean }, command: Command) => {
    const ctx = Context.of(command);
    // The page types into every session: an agent opens it only with the control API on.
    await requireControl(ctx, "remote start");
    const { layout } = await ensureDaemon(ctx.tmux);
    const answer = await request(layout.socket, { op: "remote-start" }, 15_000);
    if (!answer.ok) throw new AgentmuxError(`remote start: ${answer.error}`, { hint: answer.hint ?? "see agentmux daemon logs" });
    if (options.json) { printJson(answer); return; }
    out(shown`${block(describeRemote(answer).join("\n"))}\n`);
  });

  remote.command("stop").description("stop serving the phone page").action(async (_o: unknown, command: Command) => {
    const ctx = Context.of(command);
    await requireControl(ctx, "remote stop");
    const layout = await layoutFor(ctx.tmux);
    if (!(await socketAlive(layout.socket))) { out(shown`not serving (the daemon is not running)\n`); return; }
    const answer = await request(layout.socket, { op: "remote-stop" }, 15_000);
    if (!answer.ok) throw new AgentmuxError(`remote stop: ${answer.error}`);
    out(answer["wasRunning"] ? shown`stopped serving the phone page\n` : shown`the phone page was not served\n`);
  });

  remote.command("status").description("say whether the phone page is served, where, and what Tailscale says").option("--json", "print JSON").action(async (options: { json?: boolean }, command: Command) => {
    const layout = await layoutFor(Context.of(command).tmux);
    if (!(await socketAlive(layout.socket))) {
      if (options.json) { printJson({ running: false, daemon: false, devices: store().list().length }); return; }
      out(shown`not serving: the daemon is not running (agentmux remote start starts both)\n`);
      return;
    }
    const answer = await request(layout.socket, { op: "remote-status" }, 10_000);
    if (!answer.ok) throw new AgentmuxError(`remote status: ${answer.error}`);
    if (options.json) { printJson({ ...answer, daemon: true }); return; }
    out(shown`${block(describeRemote(answer).join("\n"))}\n`);
  });

  remote.command("pair").description("print a one-time code (valid 10 minutes) a phone exchanges for its own token").option("--json", "print JSON").action(async (options: { json?: boolean }, command: Command) => {
    const ctx = Context.of(command);
    // A code is a device token to be: an agent with it could type into every session through the page.
    await requireControl(ctx, "remote pair");
    const { code, expires } = store().createCode();
    let url: string | null = null;
    const layout = await layoutFor(ctx.tmux);
    if (await socketAlive(layout.socket)) {
      const answer = await request(layout.socket, { op: "remote-status" }, 10_000).catch(() => null);
      if (answer?.ok && typeof answer["url"] === "string") url = answer["url"];
    }
    if (options.json) { printJson({ code, expires: new Date(expires).toISOString(), url, pairUrl: url ? `${url}#pair=${code}` : null }); return; }
    out(ownEscapes(`${pairingLines(code, expires, url, process.stdout.isTTY === true).join("\n")}\n`));
  });

  remote.command("devices").description("list the paired devices").option("--json", "print JSON").action((options: { json?: boolean }) => {
    const devices = store().list();
    if (options.json) { printJson(devices.map((d) => ({ name: d.name, pairedAt: new Date(d.pairedAt).toISOString() }))); return; }
    if (devices.length === 0) { out(shown`no paired devices (agentmux remote pair pairs one)\n`); return; }
    for (const d of devices) out(shown`${d.name}\tpaired ${new Date(d.pairedAt).toISOString()}\n`);
  });

  remote.command("revoke").description("end a paired device's token (it has to pair again)").argument("<name>", "the device's name (agentmux remote devices)").action(async (name: string, _o: unknown, command: Command) => {
    await requireControl(Context.of(command), "remote revoke");
    const devices = store();
    if (!devices.revoke(name)) {
      const names = devices.list().map((d) => d.name);
      throw new AgentmuxError(`no paired device "${name}"`, { hint: names.length > 0 ? `paired: ${names.join(", ")}` : "no device is paired", exitCode: EXIT.failure });
    }
    out(shown`revoked ${name}\n`);
  });
}
