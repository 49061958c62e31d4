import { isIPv4, isIPv6 } from "node:net";
import { AgentmuxError } from "../util/errors.ts";

/** One allowed network (remote.allowedNetworks): an IPv4 or IPv6 prefix. */
export interface Network { family: 4 | 6; base: bigint; prefix: number; text: string }

const BITS = { 4: 32, 6: 128 } as const;

function v4Value(text: string): bigint {
  return text.split(".").reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function v6Value(text: string): bigint {
  // A trailing dotted quad (::ffff:1.2.3.4) is the last two groups.
  let body = text;
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (quad?.[1]) {
    const v = v4Value(quad[1]);
    body = `${body.slice(0, -quad[1].length)}${(v >> 16n).toString(16)}:${(v & 0xffffn).toString(16)}`;
  }
  const [head = "", tail] = body.split("::");
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill("0"), ...t];
  return all.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

/** A peer's address as a family and value; an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is the IPv4 one. Null when it is no address. */
export function addressValue(address: string): { family: 4 | 6; value: bigint } | null {
  const plain = address.replace(/%.*$/, "");
  if (isIPv4(plain)) return { family: 4, value: v4Value(plain) };
  if (!isIPv6(plain)) return null;
  const value = v6Value(plain);
  if (value >> 32n === 0xffffn) return { family: 4, value: value & 0xffffffffn };
  return { family: 6, value };
}

/** Parse "100.64.0.0/10", "127.0.0.2" (a /32) or "fd7a:115c:a1e0::/48"; a bad one is an error naming it. */
export function parseNetwork(text: string): Network {
  const [addr = "", prefixText, extra] = text.trim().split("/");
  const parsed = addressValue(addr);
  const bad = () => new AgentmuxError(`remote.allowedNetworks: "${text}" is not a network`, { hint: "write an address with a prefix length, e.g. 100.64.0.0/10 or 192.168.1.5/32" });
  if (!parsed || extra !== undefined) throw bad();
  const max = BITS[parsed.family];
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (prefixText !== undefined && !/^\d+$/.test(prefixText))) throw bad();
  const shift = BigInt(max - prefix);
  return { family: parsed.family, base: (parsed.value >> shift) << shift, prefix, text: text.trim() };
}

/** Whether the address lies in the network. */
export function inNetwork(address: string, network: Network): boolean {
  const a = addressValue(address);
  if (!a || a.family !== network.family) return false;
  const shift = BigInt(BITS[network.family] - network.prefix);
  return (a.value >> shift) << shift === network.base;
}

export function inNetworks(address: string | undefined, networks: readonly Network[]): boolean {
  return address !== undefined && networks.some((n) => inNetwork(address, n));
}
