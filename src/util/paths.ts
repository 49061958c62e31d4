import { homedir } from "node:os";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type * as Crypto from "node:crypto";
import { createRequire } from "node:module";
import { checkPrivateDir, makePrivateDir } from "./private-dir.ts";

type Env = Record<string, string | undefined>;

/**
 * Where agentmux keeps its files. AGENTMUX_HOME moves every one of them (tests use it);
 * otherwise the XDG variables are honoured.
 */
export interface Places {
  configDir: string;
  configFile: string;
  stateDir: string;
  runtimeDir: string;
  /** What can be made again or lives outside synced folders (branch worktrees). */
  cacheDir: string;
}

export function places(env: Env = process.env): Places {
  const root = env["AGENTMUX_HOME"];
  if (root) {
    return {
      configDir: join(root, "config"),
      configFile: join(root, "config", "config.yml"),
      stateDir: join(root, "state"),
      runtimeDir: join(root, "run"),
      cacheDir: join(root, "cache"),
    };
  }
  const home = env["HOME"] ?? homedir();
  const configDir = join(env["XDG_CONFIG_HOME"] || join(home, ".config"), "agentmux");
  const stateDir = join(env["XDG_STATE_HOME"] || join(home, ".local", "state"), "agentmux");
  const runtimeBase = env["XDG_RUNTIME_DIR"];
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  const runtimeDir = runtimeBase ? join(runtimeBase, "agentmux") : join("/tmp", `agentmux-${uid}`);
  const cacheDir = join(env["XDG_CACHE_HOME"] || join(home, ".cache"), "agentmux");
  return { configDir, configFile: join(configDir, "config.yml"), stateDir, runtimeDir, cacheDir };
}

const load = createRequire(import.meta.url);

/** A short stable key for a tmux server, from its socket path: every per-server file is named by it. */
export function serverKey(socketPath: string): string {
  // node:crypto is loaded at the first key, not with this module: it is 17 modules of Node's own, and
  // most verbs a key runs never make a key.
  const { createHash } = load("node:crypto") as typeof Crypto;
  return createHash("sha256").update(socketPath).digest("hex").slice(0, 12);
}

export function expandHome(path: string, env: Env = process.env): string {
  if (path === "~") return env["HOME"] ?? homedir();
  if (path.startsWith("~/")) return join(env["HOME"] ?? homedir(), path.slice(2));
  return path;
}

/**
 * The daemon's socket for one tmux server. Its directory and the runtime root above it, where they
 * exist already, must be the user's own and 0700 (anything else is refused with the fix): their
 * owner could read hook payloads and tokens, plant events, or take the socket's place.
 */
export function daemonSocketPath(socketPath: string, env: Env = process.env): string {
  const root = places(env).runtimeDir;
  const dir = join(root, serverKey(socketPath));
  if (checkPrivateDir(root)) checkPrivateDir(dir);
  return join(dir, "daemon.sock");
}

/** Create the runtime root (0700), or refuse one that another user owns or others may open. */
export function ensureRuntimeRoot(env: Env = process.env): string {
  const root = places(env).runtimeDir;
  mkdirSync(dirname(root), { recursive: true, mode: 0o700 });
  makePrivateDir(root);
  return root;
}
