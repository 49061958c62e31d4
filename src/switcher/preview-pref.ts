import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { places } from "../util/paths.ts";
import { readStateFile } from "../util/state-file.ts";

/**
 * Whether the switcher shows its preview, remembered across openings: switcher.json in the state
 * directory, {"preview": true|false}, written atomically when Tab toggles it.
 */
export const previewFile = (stateDir = places().stateDir): string => join(stateDir, "switcher.json");

const valid = (v: unknown): boolean => typeof v === "object" && v !== null && typeof (v as { preview?: unknown }).preview === "boolean";

/** The remembered choice; off when nothing is remembered (a corrupt file is set aside, silently: the popup has no room for a warning). */
export function readPreviewPref(file = previewFile()): boolean {
  const read = readStateFile(file, { valid, silent: true });
  return read.kind === "ok" && (read.value as { preview: boolean }).preview;
}

export function writePreviewPref(on: boolean, file = previewFile()): void {
  writeFileAtomic(file, `${JSON.stringify({ preview: on })}\n`);
}
