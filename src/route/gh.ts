import { execa } from "execa";
import { which } from "../util/which.ts";

/** How long one gh question may take: a title is a nicety, never worth a long wait. */
const GH_TIMEOUT_MS = 8000;

/**
 * I/O: a gh runner for extractors: null when gh is not installed or not logged in (asked once),
 * else each call's stdout, or null when that call fails or is slow. Never required.
 */
export function ghRunner(env: Record<string, string | undefined> = process.env): (args: string[]) => Promise<string | null> {
  let ready: Promise<boolean> | undefined;
  const run = async (args: string[]): Promise<string | null> => {
    const r = await execa("gh", args, { env, extendEnv: false, reject: false, timeout: GH_TIMEOUT_MS, stdin: "ignore" }).catch(() => null);
    return r && r.exitCode === 0 ? String(r.stdout) : null;
  };
  return async (args) => {
    ready ??= which("gh", env["PATH"] ?? "") ? run(["auth", "status"]).then((out) => out !== null) : Promise.resolve(false);
    return (await ready) ? run(args) : null;
  };
}
