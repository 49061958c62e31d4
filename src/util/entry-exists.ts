import { lstatSync } from "node:fs";

/** Whether anything is at path: a file, a directory or a link, a dangling one too (lstat, not stat). */
export function entryExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
