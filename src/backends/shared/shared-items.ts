import type { SharedItem } from "./types.ts";

/** A file every account shares with the canonical home (AccountSupport.shared). */
export const sharedFile = (name: string): SharedItem => ({ name, kind: "file" });

/** A directory every account shares with the canonical home (AccountSupport.shared). */
export const sharedDir = (name: string): SharedItem => ({ name, kind: "dir" });
