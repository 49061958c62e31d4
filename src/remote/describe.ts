import type { TailscaleState } from "./host.ts";
import { encodeQr, QR_MAX_BYTES, renderQr } from "./qr.ts";

/** Pure: the lines `remote start` and `remote status` print from the daemon's answer. */
export function describeRemote(a: Record<string, unknown>): string[] {
  const lines: string[] = [];
  if (a["running"] !== true) {
    lines.push(`not serving the phone page${typeof a["error"] === "string" && a["error"] ? ` (last start failed: ${a["error"]})` : ""}; agentmux remote start serves it`);
    const t = a["tailscale"] as TailscaleState | null | undefined;
    if (t) lines.push(t.kind === "ok" ? `tailscale: connected (${t.ip})` : `tailscale: ${t.detail}`);
    return lines;
  }
  lines.push(`serving the phone page on ${String(a["listen"])}:${String(a["port"])}${a["already"] ? " (already)" : ""}`);
  const tailscale = a["tailscale"] as TailscaleState | null | undefined;
  if (typeof a["url"] === "string") lines.push(`open ${a["url"]} on the phone`);
  else lines.push("the address the phone uses is not known yet: every request is refused (421) until it is");
  if (tailscale && tailscale.kind !== "ok") lines.push(`tailscale: ${tailscale.detail}`);
  else if (tailscale?.kind === "ok") lines.push(`tailscale: connected (${tailscale.ip})`);
  else if (a["configuredHost"]) lines.push(`host: ${String(a["configuredHost"])} (remote.host)`);
  const networks = Array.isArray(a["allowedNetworks"]) ? a["allowedNetworks"].join(", ") : "";
  lines.push(`allowed networks: ${networks}; ${String(a["devices"] ?? 0)} paired device(s), ${String(a["clients"] ?? 0)} connected`);
  return lines;
}

/** Pure: what `remote pair` prints; with a terminal, the pairing address as a QR code too. */
export function pairingLines(code: string, expires: number, url: string | null, qr: boolean): string[] {
  const minutes = Math.round((expires - Date.now()) / 60_000);
  const address = url ? `${url}#pair=${code}` : null;
  return [
    ...(address && qr && address.length <= QR_MAX_BYTES ? [...renderQr(encodeQr(address)), ""] : []),
    `pairing code: ${code}   (one use, valid ${minutes} minutes)`,
    address ? `on the phone open ${address}${qr ? " (or scan the code above)" : ""}` : "the page's address is not known yet: see agentmux remote status (start it with agentmux remote start)",
    "then enter the code on the page; it keeps its own token (agentmux remote devices lists them, remote revoke NAME ends one)",
  ];
}
