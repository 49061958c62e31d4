import { basename } from "node:path";

export interface NameInput { pane: string; dir: string; instance: string; backend: string; label: string; side?: string | undefined }

/** What a side conversation's display name ends with, whatever else names it. */
export const SIDE_SUFFIX = " [side]";

/**
 * Display names: the project directory's name; plus the instance name when two sessions share a
 * directory (or the pane id when one of them has none); plus "@backend" when asked. A name set
 * with rename wins. A side conversation's name ends in " [side]" either way.
 */
export function displayNames(sessions: NameInput[], options: { backendSuffix?: boolean } = {}): Map<string, string> {
  const perDir = new Map<string, number>();
  for (const s of sessions) perDir.set(s.dir, (perDir.get(s.dir) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const s of sessions) {
    if (s.label) { names.set(s.pane, withSide(s.label, s.side)); continue; }
    let name = basename(s.dir.replace(/\/+$/, "")) || s.dir || s.pane;
    const shared = (perDir.get(s.dir) ?? 0) > 1;
    if (s.instance) name += `:${s.instance}`;
    else if (shared) name += `:${s.pane}`;
    if (options.backendSuffix) name += `@${s.backend}`;
    names.set(s.pane, withSide(name, s.side));
  }
  return names;
}

function withSide(name: string, side: string | undefined): string {
  return side && !name.endsWith(SIDE_SUFFIX) ? `${name}${SIDE_SUFFIX}` : name;
}
