import { AgentmuxError } from "../util/errors.ts";
import { backtrace } from "./backtrace.ts";
import type { Extractor, Thing } from "./context.ts";
import { github } from "./github.ts";
import { maildir } from "./maildir.ts";
import { resume } from "./resume.ts";
import { slack } from "./slack.ts";
import { todo } from "./todo.ts";

/**
 * The kinds of thing route knows, in the order they are tried: a resume line names a session, not
 * a task, so it comes before the message it was posted in; an error text comes last, since a URL
 * or a TODO can mention an error.
 */
export const EXTRACTORS: readonly Extractor[] = [resume, github, slack, todo, maildir, backtrace];

/** The extractor of the first kind whose shape the thing has; none: an error naming every kind. */
export function recognise(thing: Thing, extractors: readonly Extractor[] = EXTRACTORS): Extractor {
  if (thing.text.trim() === "") {
    throw new AgentmuxError(`nothing to route: ${thing.source} is empty`, { hint: "pass a URL, a mail file's path, FILE:LINE of a TODO, an error text or a resume line (THING, '-' for stdin)" });
  }
  const found = extractors.find((e) => e.matches(thing));
  if (found) return found;
  const first = thing.text.trim().split("\n")[0] ?? "";
  const shown = first.length > 60 ? `${first.slice(0, 59)}…` : first;
  throw new AgentmuxError(`cannot tell what "${shown}" (${thing.source}) is`, { hint: `route takes: ${extractors.map((e) => e.kind).join(", ")}` });
}
