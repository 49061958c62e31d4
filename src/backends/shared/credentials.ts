import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Credentials } from "./types.ts";

/** The credentials file inside an account home, with its text when it can be read. */
export function readCredentialsFile(home: string, name: string): Credentials {
  const file = join(home, name);
  let text: string | undefined;
  try { text = readFileSync(file, "utf8"); } catch { text = undefined; }
  return { where: file, text };
}
