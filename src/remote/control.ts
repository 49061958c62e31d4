import { isAgentmuxError } from "../util/errors.ts";
import { DeviceStore, devicesFile } from "./devices.ts";
import { tailscaleIp } from "./host.ts";
import type { RemotePort } from "./port.ts";
import { remoteSettings, RemoteServer, settingsKey } from "./server.ts";

type Outcome = { ok: true; [key: string]: unknown } | { ok: false; error: string; hint?: string };

/**
 * The daemon's handle on the phone page: served while `agentmux remote start` asked for it or the
 * config says remote.enabled; a config change to the remote section restarts it with the new settings.
 */
export class RemoteControl {
  private server: RemoteServer | null = null;
  private asked = false;
  private lastError: string | null = null;

  constructor(private readonly port: RemotePort) {}

  get live(): RemoteServer["live"] | null { return this.server?.live ?? null; }

  async start(): Promise<Outcome> {
    this.asked = true;
    if (this.server) return { ok: true, already: true, ...(await this.server.status()) };
    try {
      const server = new RemoteServer(this.port, remoteSettings(() => this.port.config()));
      await server.start();
      this.server = server;
      this.lastError = null;
      this.port.log(`remote: serving on ${server.settings.listen}:${server.settings.port}`);
      return { ok: true, ...(await server.status()) };
    } catch (error) {
      this.asked = false;
      this.lastError = (error as Error).message;
      this.port.log(`remote: ${this.lastError}`);
      return isAgentmuxError(error) ? { ok: false, error: error.message, ...(error.hint ? { hint: error.hint } : {}) } : { ok: false, error: String((error as Error).message) };
    }
  }

  async stop(): Promise<Outcome> {
    this.asked = false;
    const server = this.server;
    this.server = null;
    if (!server) return { ok: true, wasRunning: false };
    await server.stop();
    this.port.log("remote: stopped");
    return { ok: true, wasRunning: true };
  }

  async status(): Promise<Outcome> {
    if (this.server) return { ok: true, ...(await this.server.status()) };
    const r = this.port.config().remote;
    let devices = 0;
    try { devices = new DeviceStore(devicesFile(this.port.stateDir)).list().length; } catch { /* said by remote devices */ }
    // What the page would need: the address from Tailscale, unless remote.host names it.
    const tailscale = r.host ? null : await tailscaleIp().catch(() => null);
    return { ok: true, running: false, listen: r.listen, port: r.port, host: r.host ?? (tailscale?.kind === "ok" ? tailscale.ip : null), tailscale, devices, error: this.lastError };
  }

  /** At the daemon's start and after a config change: serve when enabled (or asked), with the current settings. */
  async configChanged(): Promise<void> {
    const wanted = this.port.config().remote.enabled || this.asked;
    if (this.server) {
      let next;
      try { next = settingsKey(remoteSettings(() => this.port.config())); } catch (error) { this.port.log(`remote: ${(error as Error).message}`); return; }
      if (wanted && next === settingsKey(this.server.settings)) return;
      const asked = this.asked;
      await this.stop();
      this.asked = asked;
    }
    if (wanted) await this.start();
  }

  sessionsChanged(): void { this.server?.live.sessionsChanged(); }
  screenChanged(pane: string): void { this.server?.live.screenChanged(pane); }
  async close(): Promise<void> { await this.stop(); }
}
