import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

/** The package root (where shell/, tmux/, manifests/ and etc/ live), from dist/ or src/. */
export function installDir(): string {
  // this file is <root>/src/util/install-dir.ts or <root>/dist/util/install-dir.js
  return join(dirname(fileURLToPath(import.meta.url)), "..", "..");
}

export function shellScript(name: string): string {
  return join(installDir(), "shell", name);
}
