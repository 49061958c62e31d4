/**
 * A session's resources: agentmux://pane/12/state and agentmux://pane/12/answer for pane %12 (a
 * '%' in a URI would have to be escaped, so the pane's number stands for it).
 */
export type ResourceKind = "state" | "answer";

export const URI_TEMPLATES: Record<ResourceKind, string> = {
  state: "agentmux://pane/{pane}/state",
  answer: "agentmux://pane/{pane}/answer",
};

export function resourceUri(pane: string, kind: ResourceKind): string {
  return `agentmux://pane/${pane.replace(/^%/, "")}/${kind}`;
}

/** The pane (%N) and kind a resource URI names, or null when it names none. */
export function parseResourceUri(uri: string): { pane: string; kind: ResourceKind } | null {
  const m = /^agentmux:\/\/pane\/(\d+)\/(state|answer)$/.exec(uri);
  return m ? { pane: `%${m[1] ?? ""}`, kind: m[2] as ResourceKind } : null;
}
