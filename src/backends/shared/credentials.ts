import { join } from "node:path";
import { MiB, readRegularText } from "../../util/regular-file.ts";
import type { Credentials } from "./types.ts";

/** The largest credentials file read (a few tokens in JSON). */
const CREDENTIALS_MAX = MiB;

/** The credentials file inside an account home, with its text when it can be read (a regular file within CREDENTIALS_MAX). */
export function readCredentialsFile(home: string, name: string): Credentials {
  const file = join(home, name);
  let text: string | undefined;
  try { text = readRegularText(file, { maxBytes: CREDENTIALS_MAX }); } catch { text = undefined; }
  return { where: file, text };
}
