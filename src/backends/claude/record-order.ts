/**
 * Claude Code's transcripts in conversation order. The file's order is the order its write queue
 * flushed, which is not always the conversation's: a quick answer's record can land before the
 * prompt it answers (seen under load: the assistant record, then the user record it names as its
 * parent). Every message record names its parent (parentUuid), so the order is restored from that:
 * a record whose parent comes later in the file (or is itself moved) is moved to just after its
 * parent; everything else keeps its place. A file already in order comes back unchanged.
 */
export function parentsFirst<T>(items: readonly T[], uuidOf: (item: T) => string | undefined, parentOf: (item: T) => string | undefined): T[] {
  const position = new Map<string, number>();
  items.forEach((item, i) => {
    const uuid = uuidOf(item);
    if (uuid !== undefined && !position.has(uuid)) position.set(uuid, i);
  });
  const out: T[] = [];
  const emitted = new Set<string>();
  // Records waiting for a parent not out yet, by that parent's uuid.
  const waiting = new Map<string, T[]>();
  const emit = (item: T): void => {
    const stack = [item];
    while (stack.length > 0) {
      const next = stack.pop() as T;
      out.push(next);
      const uuid = uuidOf(next);
      if (uuid === undefined) continue;
      emitted.add(uuid);
      const children = waiting.get(uuid);
      if (children) {
        waiting.delete(uuid);
        // In file order after the parent: the stack takes them reversed.
        for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as T);
      }
    }
  };
  items.forEach((item) => {
    const parent = parentOf(item);
    // Its parent is in the file and not out yet (later in the file, or itself waiting).
    if (parent !== undefined && position.has(parent) && !emitted.has(parent)) {
      const list = waiting.get(parent);
      if (list) list.push(item);
      else waiting.set(parent, [item]);
      return;
    }
    emit(item);
  });
  // Parents that name each other (a damaged file) leave records waiting: they follow, in file order.
  if (waiting.size > 0) {
    const left = new Set([...waiting.values()].flat());
    for (const item of items) if (left.has(item)) out.push(item);
  }
  return out;
}

const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** parentsFirst for parsed transcript records (uuid, parentUuid). */
export function inConversationOrder<T extends Record<string, unknown>>(records: readonly T[]): T[] {
  return parentsFirst(records, (r) => text(r["uuid"]), (r) => text(r["parentUuid"]));
}
