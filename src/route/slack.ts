import type { Extractor, RouteContext, Thing } from "./context.ts";

const PERMALINK = /https:\/\/[a-z0-9-]+(?:\.enterprise)?\.slack\.com\/archives\/[A-Z0-9]+\/p\d{10,}(?:\?[^\s<>]*)?/;

/** Pure: the first Slack message permalink in the text, or null. */
export function slackPermalink(text: string): string | null {
  return PERMALINK.exec(text)?.[0] ?? null;
}

/**
 * Pure: a message names no project of its own, so the text around the permalink (the message, when
 * it was copied with it) is what the project is ranked by; the permalink is a reference the agent
 * reads, typed for the user to add the request.
 */
export function slackContext(text: string): RouteContext {
  const permalink = slackPermalink(text);
  if (!permalink) throw new Error("no Slack permalink");
  const around = text.replace(permalink, " ").replace(/\s+/g, " ").trim();
  return { kind: "Slack permalink", text: around || permalink, payload: permalink, submit: false };
}

export const slack: Extractor = {
  kind: "Slack permalink",
  matches: (thing: Thing) => slackPermalink(thing.text) !== null,
  extract: async (thing: Thing) => slackContext(thing.text),
};
