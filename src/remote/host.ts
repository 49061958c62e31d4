import { execa } from "execa";

/** What `tailscale ip -4` said: this machine's tailnet address, or why there is none. */
export type TailscaleState =
  | { kind: "ok"; ip: string }
  | { kind: "missing"; detail: string }
  | { kind: "down"; detail: string };

export type TailscaleLookup = () => Promise<TailscaleState>;

/** Run `tailscale ip -4`: not installed, not connected (its own words), or the first address. */
export const tailscaleIp: TailscaleLookup = async () => {
  const r = await execa("tailscale", ["ip", "-4"], { reject: false, timeout: 5000, stdin: "ignore" });
  const code = (r as { code?: string }).code;
  if (code === "ENOENT") return { kind: "missing", detail: "the tailscale command is not installed (or not on the daemon's PATH)" };
  const ip = String(r.stdout).split("\n").map((l) => l.trim()).find((l) => /^\d+\.\d+\.\d+\.\d+$/.test(l));
  if (r.exitCode === 0 && ip) return { kind: "ok", ip };
  const said = String(r.stderr || r.stdout).split("\n").find((l) => l.trim() !== "")?.trim();
  return { kind: "down", detail: `tailscale is not connected${said ? ` (${said})` : ""}` };
};

/** Pure: whether a Host header names host:port (case-insensitive; an IPv6 host in brackets). */
export function hostMatches(header: string | undefined, host: string, port: number): boolean {
  if (!header) return false;
  const name = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return header.trim().toLowerCase() === `${name}:${port}`.toLowerCase();
}

/** The origin of the page as the phone loads it. */
export function pageOrigin(host: string, port: number): string {
  const name = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${name}:${port}`.toLowerCase();
}

/** How long a failed tailscale lookup stands before a request tries again. */
const RETRY_MS = 5000;

/**
 * The host requests must name: remote.host, else this machine's Tailscale IPv4, looked up when the
 * first request arrives (so the page can be served while Tailscale is still disconnected) and
 * again, at most every few seconds, while it is not known.
 */
export class HostResolver {
  private known: string | null;
  private state: TailscaleState | null = null;
  private checkedAt = 0;
  private pending: Promise<void> | null = null;

  constructor(configured: string | null | undefined, private readonly lookup: TailscaleLookup = tailscaleIp) {
    this.known = configured || null;
  }

  /** The host, or why it is not known (the 421's words). */
  async expected(now = Date.now()): Promise<{ host: string } | { error: string }> {
    if (this.known) return { host: this.known };
    if (now - this.checkedAt >= RETRY_MS) {
      this.pending ??= this.lookup().catch((e: Error) => ({ kind: "down", detail: `tailscale ip -4 failed: ${e.message}` }) as TailscaleState).then((state) => {
        this.state = state;
        this.checkedAt = Date.now();
        if (state.kind === "ok") this.known = state.ip;
        this.pending = null;
      });
      await this.pending;
    }
    if (this.known) return { host: this.known };
    return { error: `this machine's address is not known yet: ${this.state && this.state.kind !== "ok" ? this.state.detail : "tailscale was not asked"}; every request is refused until it is (start Tailscale, or set remote.host)` };
  }

  /** For `remote status`: the host if known, and what tailscale said (null: not asked). */
  describe(): { host: string | null; tailscale: TailscaleState | null } {
    return { host: this.known, tailscale: this.state };
  }
}
