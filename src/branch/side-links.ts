import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { AgentmuxError } from "../util/errors.ts";
import { isJsonObject } from "../util/json.ts";
import { describeCorrupt, readStateFile } from "../util/state-file.ts";

/** A side conversation kept on dismiss (side.onDismiss keep): what `side resume` needs to reopen it. */
export interface SideLink {
  /** The parent conversation's native id ("" when it had none). */
  parent: string;
  /** The parent's display name when the side was kept, for the listing. */
  parentName: string;
  /** The side conversation's own native id (the fork's). */
  fork: string;
  backend: string;
  account: string;
  dir: string;
  /** The side policy version it ran under (SIDE_POLICY_VERSION). */
  policyVersion: string;
  /** When it was kept (ms epoch). */
  keptAt: number;
}

interface LinksFile { links: SideLink[] }

/** The newest links kept; older ones fall off. */
const KEEP = 200;

export function sideLinksFile(stateDir: string): string {
  return join(stateDir, "side-links.json");
}

const STRING_FIELDS = ["parent", "parentName", "fork", "backend", "account", "dir", "policyVersion"] as const;

function isLink(value: unknown): value is SideLink {
  return isJsonObject(value) && STRING_FIELDS.every((k) => typeof value[k] === "string") && typeof value["keptAt"] === "number" && value["fork"] !== "";
}

const isLinksFile = (value: unknown): value is LinksFile => isJsonObject(value) && Array.isArray(value["links"]) && value["links"].every(isLink);

/**
 * I/O: the kept side conversations, newest last. A corrupt file is kept aside (state-file.ts) and
 * reported as an error naming both paths, so nothing is silently forgotten.
 */
export function readSideLinks(file: string): SideLink[] {
  const read = readStateFile(file, { valid: isLinksFile, keepAside: true, silent: true });
  if (read.kind === "missing") return [];
  if (read.kind === "corrupt") throw new AgentmuxError(describeCorrupt(read), { hint: "the kept side conversations in it are not listed; the file was set aside, a new one starts empty" });
  return (read.value as LinksFile).links;
}

function write(file: string, links: SideLink[]): void {
  writeFileAtomic(file, `${JSON.stringify({ links: links.slice(-KEEP) }, null, 1)}\n`, 0o600);
}

/** I/O: record a kept side (one record per fork id: keeping it again replaces the old record). A corrupt file is set aside first. */
export function addSideLink(file: string, link: SideLink): void {
  let links: SideLink[];
  try {
    links = readSideLinks(file);
  } catch {
    links = []; // set aside by the read
  }
  write(file, [...links.filter((l) => l.fork !== link.fork), link]);
}

/** I/O: drop the record of a fork (its conversation came back); answers whether there was one. */
export function consumeSideLink(file: string, fork: string): boolean {
  const links = readSideLinks(file);
  const kept = links.filter((l) => l.fork !== fork);
  if (kept.length === links.length) return false;
  write(file, kept);
  return true;
}

/** Pure: the record to resume: by fork id (or a unique prefix of it), else the newest. */
export function chooseSideLink(links: readonly SideLink[], id: string | undefined): SideLink {
  if (links.length === 0) throw new AgentmuxError("no side conversation was kept", { hint: "dismiss one with `agentmux side dismiss --keep` to keep it for later" });
  if (id === undefined) return links[links.length - 1] as SideLink;
  const exact = links.find((l) => l.fork === id);
  if (exact) return exact;
  const prefixed = links.filter((l) => l.fork.startsWith(id));
  if (prefixed.length === 1) return prefixed[0] as SideLink;
  const known = links.map((l) => l.fork).join(", ");
  if (prefixed.length > 1) throw new AgentmuxError(`"${id}" names more than one kept side conversation`, { hint: `give more of the id: ${known}` });
  throw new AgentmuxError(`no kept side conversation "${id}"`, { hint: `kept: ${known} (agentmux side list shows them)` });
}
