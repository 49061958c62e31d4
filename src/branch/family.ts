/** What the family tree needs of a conversation (a ConversationHeader has it). */
export interface Relative { id: string; parent?: string | undefined; startedAt: number | null; updatedAt: number }

/** One row of a family tree: a conversation at its depth, or an ancestor whose files are gone (header null). */
export interface FamilyMember<T extends Relative> {
  id: string;
  depth: number;
  /** null: the conversation is known only as a parent (its files were deleted, or lie outside the scan). */
  header: T | null;
  current: boolean;
}

/**
 * Pure: every conversation sharing a fork ancestor with id, as a tree in display order (each
 * child after its parent, one deeper; siblings oldest first). Parents come from the headers, else
 * from knownParents (what agentmux recorded at launch: a fork's @agentmux-forked-from). The walk up
 * goes to the root, even through a parent whose files are gone; a cycle is cut where it closes.
 * Answers [] when id is unknown to both.
 */
export function familyTree<T extends Relative>(headers: readonly T[], id: string, knownParents: ReadonlyMap<string, string> = new Map()): Array<FamilyMember<T>> {
  const byId = new Map<string, T>();
  for (const h of headers) if (!byId.has(h.id)) byId.set(h.id, h);
  const parentOf = (child: string): string | undefined => {
    const parent = byId.get(child)?.parent || knownParents.get(child);
    return parent && parent !== child ? parent : undefined;
  };
  if (!byId.has(id) && !knownParents.has(id)) return [];
  // Up to the root; a cycle ends the walk at the first conversation seen twice.
  let root = id;
  const up = new Set([id]);
  for (let parent = parentOf(root); parent !== undefined && !up.has(parent); parent = parentOf(root)) {
    up.add(parent);
    root = parent;
  }
  const children = new Map<string, string[]>();
  for (const child of new Set([...byId.keys(), ...knownParents.keys()])) {
    const parent = parentOf(child);
    if (parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const when = (c: string) => byId.get(c)?.startedAt ?? byId.get(c)?.updatedAt ?? Number.MAX_SAFE_INTEGER;
  const rows: Array<FamilyMember<T>> = [];
  const seen = new Set<string>();
  const visit = (node: string, depth: number) => {
    if (seen.has(node)) return;
    seen.add(node);
    rows.push({ id: node, depth, header: byId.get(node) ?? null, current: node === id });
    const kids = [...(children.get(node) ?? [])].sort((a, b) => when(a) - when(b) || a.localeCompare(b));
    for (const kid of kids) visit(kid, depth + 1);
  };
  visit(root, 0);
  return rows;
}
