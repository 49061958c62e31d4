import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

/** The full path of an executable as the shell would find it, or null. */
export function which(program: string, pathEnv = process.env["PATH"] ?? ""): string | null {
  const candidates = program.includes("/") ? [program] : pathEnv.split(delimiter).filter(Boolean).map((dir) => join(dir, program));
  for (const candidate of candidates) {
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return isAbsolute(candidate) ? candidate : join(process.cwd(), candidate);
    } catch {
      // not here
    }
  }
  return null;
}
