import { basename } from "node:path";

export interface NameInput { pane: string; dir: string; instance: string; backend: string; label: string }

/**
 * Display names: the project directory's name; plus the instance name when two sessions share a
 * directory (or the pane id when one of them has none); plus "@backend" when asked. A name set
 * with rename wins.
 */
export function displayNames(sessions: NameInput[], options: { backendSuffix?: boolean } = {}): Map<string, string> {
  const perDir = new Map<string, number>();
  for (const s of sessions) perDir.set(s.dir, (perDir.get(s.dir) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const s of sessions) {
    if (s.label) { names.set(s.pane, s.label); continue; }
    let name = basename(s.dir.replace(/\/+$/, "")) || s.dir || s.pane;
    const shared = (perDir.get(s.dir) ?? 0) > 1;
    if (s.instance) name += `:${s.instance}`;
    else if (shared) name += `:${s.pane}`;
    if (options.backendSuffix) name += `@${s.backend}`;
    names.set(s.pane, name);
  }
  return names;
}
