import { mkdirSync, renameSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HostConfig } from "../config/config.ts";
import { isJsonObject } from "../util/json.ts";
import { isFileRefused, MiB, readOwnFile } from "../util/regular-file.ts";
import { emptySnapshot, type HostSnapshot } from "./snapshot.ts";

/** The largest cache file read (5,000 sessions' rows fit well within it). */
const CACHE_MAX = 16 * MiB;

/**
 * What the daemon's links know of each host, one file per host in the daemon's private runtime
 * directory: `list`, `hosts` and the status segment read it, and never open ssh themselves.
 */
export function hostsDir(daemonDir: string): string {
  return join(daemonDir, "hosts");
}

/** A host's file in the hosts' directory (a template, not join: readSnapshots makes 20 on a key press). */
const fileIn = (hosts: string, name: string) => `${hosts}/${name}.json`;
const cacheFile = (daemonDir: string, name: string) => fileIn(hostsDir(daemonDir), name);

/**
 * Replace a host's file whole (written beside it, then renamed: a reader sees the old one or the
 * new one). Not flushed to disk: it lives in the runtime directory and is rebuilt by the link.
 */
export function writeSnapshot(daemonDir: string, snapshot: HostSnapshot): void {
  const dir = hostsDir(daemonDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = cacheFile(daemonDir, snapshot.name);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify(snapshot), { mode: 0o600 });
    renameSync(tmp, file);
  } catch (error) {
    try { unlinkSync(tmp); } catch { /* never made */ }
    throw error;
  }
}

/**
 * A reachable host said only that it is alive: its file is as it was but for the time of the last
 * data, which its modification time now says (one system call, nothing written or renamed).
 */
export function touchSnapshot(daemonDir: string, name: string, at: number): void {
  const seconds = at / 1000;
  utimesSync(cacheFile(daemonDir, name), seconds, seconds);
}

export function removeSnapshot(daemonDir: string, name: string): void {
  try { unlinkSync(cacheFile(daemonDir, name)); } catch { /* none */ }
}

/**
 * What is known of each configured host, in the config's order: its file, or an empty snapshot
 * saying why there is none (the daemon not running, or not linked to it yet). `list` and `next`
 * read every host's file on a key press: each is read in two calls into Node (readOwnFile).
 */
export function readSnapshots(daemonDir: string, hosts: readonly HostConfig[]): HostSnapshot[] {
  const dir = hostsDir(daemonDir);
  return hosts.map((host) => {
    let read: { text: string; mtimeMs: number };
    try {
      read = readOwnFile(fileIn(dir, host.name), CACHE_MAX);
    } catch (error) {
      const why = isFileRefused(error) ? `its cache file ${error.reason}` : "no data yet: the agentmux daemon links to it once it runs (agentmux daemon start)";
      return { ...emptySnapshot(host.name), error: why };
    }
    try {
      const value: unknown = JSON.parse(read.text);
      if (isJsonObject(value) && value["name"] === host.name && Array.isArray(value["sessions"])) return withTouch(value as unknown as HostSnapshot, read.mtimeMs);
    } catch { /* reported below */ }
    return { ...emptySnapshot(host.name), error: "its cache file is damaged: the daemon writes it again with the next data" };
  });
}

/** A reachable host's data is as recent as its file's last touch (touchSnapshot). */
function withTouch(snapshot: HostSnapshot, mtimeMs: number): HostSnapshot {
  if (!snapshot.reachable) return snapshot;
  const touched = Math.floor(mtimeMs);
  return touched > (snapshot.lastDataAt ?? 0) ? { ...snapshot, lastDataAt: touched } : snapshot;
}
