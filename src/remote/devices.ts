import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, statSync, watch } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { AgentmuxError } from "../util/errors.ts";
import { writeFailure } from "../util/fs-failure.ts";
import { isJsonObject } from "../util/json.ts";

/** How long a pairing code from `agentmux remote pair` can be exchanged. */
export const CODE_TTL_MS = 10 * 60_000;

export interface Device { name: string; hash: string; pairedAt: number }
interface PendingCode { hash: string; expires: number }
interface DeviceFile { devices: Device[]; codes: PendingCode[] }

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** Constant-time equality of two hex digests (of equal length: both sha256). */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export function devicesFile(stateDir: string): string {
  return join(stateDir, "remote", "devices.json");
}

// No 0/O, 1/I/L: a code is read off a terminal and typed on a phone.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A code as the user types it: case and separators do not matter. */
export const normalCode = (code: string): string => code.toUpperCase().replace(/[^0-9A-Z]/g, "");

/** A device name as given by the page: printable, trimmed, at most 40 characters. */
export function cleanDeviceName(name: unknown): string {
  const text = typeof name === "string" ? [...name.replace(/[\p{C}]/gu, "").trim()].slice(0, 40).join("") : "";
  return text || "phone";
}

/**
 * The paired devices and the pending pairing codes, in one 0600 file under the state directory:
 * only sha256 digests of tokens and codes are kept, compared in constant time. The daemon reads it
 * again when it changed (a `remote revoke` from the command line takes effect at once).
 */
export class DeviceStore {
  private cache: { stamp: string; data: DeviceFile } | null = null;

  constructor(readonly path: string) {}

  private read(): DeviceFile {
    // Every write renames a new file into place: a new inode says it changed.
    let stamp = "";
    try { const st = statSync(this.path); stamp = `${st.ino}:${st.mtimeMs}:${st.size}`; } catch { return { devices: [], codes: [] }; }
    if (this.cache && this.cache.stamp === stamp) return this.cache.data;
    let data: DeviceFile = { devices: [], codes: [] };
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.path, "utf8"));
      if (isJsonObject(parsed)) {
        const devices = Array.isArray(parsed["devices"]) ? parsed["devices"].filter((d): d is Device => isJsonObject(d) && typeof d["name"] === "string" && typeof d["hash"] === "string") : [];
        const codes = Array.isArray(parsed["codes"]) ? parsed["codes"].filter((c): c is PendingCode => isJsonObject(c) && typeof c["hash"] === "string" && typeof c["expires"] === "number") : [];
        data = { devices, codes };
      }
    } catch (error) {
      throw new AgentmuxError(`the paired devices file ${this.path} is not valid JSON (${(error as Error).message})`, { hint: `move it aside and pair the devices again (agentmux remote pair)` });
    }
    this.cache = { stamp, data };
    return data;
  }

  private write(data: DeviceFile): void {
    try { mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 }); } catch (error) { throw writeFailure(this.path, error); }
    writeFileAtomic(this.path, `${JSON.stringify(data, null, 2)}\n`, 0o600);
    this.cache = null;
  }

  /** A new one-time code (shown once; only its digest is kept), valid for CODE_TTL_MS. */
  createCode(now = Date.now()): { code: string; expires: number } {
    const raw = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    const data = this.read();
    const expires = now + CODE_TTL_MS;
    this.write({ devices: data.devices, codes: [...data.codes.filter((c) => c.expires > now), { hash: sha256(raw), expires }] });
    return { code: `${raw.slice(0, 4)}-${raw.slice(4)}`, expires };
  }

  /** Exchange a code once for a long-lived token; null when the code is unknown, used or expired. */
  redeem(code: string, deviceName: unknown, now = Date.now()): { token: string; name: string } | null {
    const data = this.read();
    const digest = sha256(normalCode(code));
    const live = data.codes.filter((c) => c.expires > now);
    const match = live.find((c) => sameDigest(c.hash, digest));
    if (!match) {
      if (live.length !== data.codes.length) this.write({ devices: data.devices, codes: live });
      return null;
    }
    const base = cleanDeviceName(deviceName);
    let name = base;
    for (let i = 2; data.devices.some((d) => d.name === name); i++) name = `${base}-${i}`;
    const token = randomBytes(32).toString("base64url");
    this.write({ devices: [...data.devices, { name, hash: sha256(token), pairedAt: now }], codes: live.filter((c) => c !== match) });
    return { token, name };
  }

  /** The device a token belongs to, or null. */
  verify(token: string | undefined): string | null {
    if (!token) return null;
    const digest = sha256(token);
    let found: string | null = null;
    // Every digest is compared (no early exit): the time does not tell how far a guess got.
    for (const d of this.read().devices) if (sameDigest(d.hash, digest) && found === null) found = d.name;
    return found;
  }

  list(): Array<Omit<Device, "hash">> {
    return this.read().devices.map(({ name, pairedAt }) => ({ name, pairedAt }));
  }

  /**
   * Calls onChange whenever the file may have changed, whoever wrote it: `agentmux remote revoke`
   * writes it from the CLI's own process, and every daemon serving a page reads the same file. The
   * directory is watched, since every write renames a new file into place. Answers the stop.
   */
  watch(onChange: () => void): () => void {
    const dir = dirname(this.path);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const watcher = watch(dir, () => onChange());
    // A watch that fails (the directory removed) leaves the daemon's periodic check to close them.
    watcher.on("error", () => watcher.close());
    return () => watcher.close();
  }

  /** End a device's token; false when no device has that name. */
  revoke(name: string): boolean {
    const data = this.read();
    const kept = data.devices.filter((d) => d.name !== name);
    if (kept.length === data.devices.length) return false;
    this.write({ devices: kept, codes: data.codes });
    return true;
  }
}
