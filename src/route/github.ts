import type { ExtractEnv, Extractor, RouteContext, Thing } from "./context.ts";

/** What a GitHub URL names: its repository, and the thing within it. */
export interface GithubRef {
  /** "owner/name". */
  slug: string;
  /** An issue, pull request or discussion (a topic the agent reads), or something routed as itself. */
  topic: "issue" | "pull" | "discussion" | null;
  /** What gh is asked for the title: the kind and its id ("run" 123, "check" 456, "commit" sha, "release" tag). */
  item: { kind: "issue" | "pull" | "discussion" | "run" | "check" | "commit" | "release"; id: string } | null;
  /** The page's URL (an API URL turned into the page's; notification query parameters dropped). */
  url: string;
}

const NAME = "[A-Za-z0-9_.-]+";
const PAGE = new RegExp(`^https?://(?:www\\.)?github\\.com/(${NAME})/(${NAME})(/[^\\s?#]*)?([?#]\\S*)?$`);
const API = new RegExp(`^https?://api\\.github\\.com/repos/(${NAME})/(${NAME})/(issues|pulls)/(\\d+)$`);

/** Pure: the repository and item a GitHub URL names; null when the text is not one GitHub URL. */
export function parseGithubUrl(text: string): GithubRef | null {
  const trimmed = text.trim();
  const api = API.exec(trimmed);
  if (api) {
    const [, owner = "", name = "", what = "", number = ""] = api;
    const topic = what === "pulls" ? "pull" : "issue";
    return { slug: `${owner}/${name}`, topic, item: { kind: topic, id: number }, url: `https://github.com/${owner}/${name}/${topic}/${number}` };
  }
  const page = PAGE.exec(trimmed);
  if (!page) return null;
  const [, owner = "", rawName = "", path = "", query = ""] = page;
  const name = rawName.replace(/\.git$/, "");
  if (["orgs", "settings", "notifications", "marketplace", "sponsors", "login"].includes(owner)) return null;
  const slug = `${owner}/${name}`;
  const url = `https://github.com/${slug}${path}${keptQuery(query)}`;
  const parts = path.split("/").filter(Boolean);
  const [first, second, third] = parts;
  if ((first === "issues" || first === "pull" || first === "discussions") && second !== undefined && /^\d+$/.test(second)) {
    const topic = first === "issues" ? "issue" : first === "pull" ? "pull" : "discussion";
    return { slug, topic, item: { kind: topic, id: second }, url };
  }
  if (first === "actions" && second === "runs" && third !== undefined && /^\d+$/.test(third)) return { slug, topic: null, item: { kind: "run", id: third }, url };
  if (first === "runs" && second !== undefined && /^\d+$/.test(second)) return { slug, topic: null, item: { kind: "check", id: second }, url };
  if (first === "commit" && second !== undefined && /^[0-9a-f]{7,40}$/.test(second)) return { slug, topic: null, item: { kind: "commit", id: second }, url };
  if (first === "releases" && second === "tag" && third !== undefined) return { slug, topic: null, item: { kind: "release", id: decodeURIComponent(third) }, url };
  return { slug, topic: null, item: null, url };
}

/** The query and fragment, without GitHub's notification tracking parameter. */
function keptQuery(query: string): string {
  if (!query.startsWith("?")) return query;
  const hash = query.indexOf("#");
  const [search, fragment] = hash === -1 ? [query.slice(1), ""] : [query.slice(1, hash), query.slice(hash)];
  const params = new URLSearchParams(search);
  params.delete("notification_referrer_id");
  const rest = params.toString();
  return `${rest ? `?${rest}` : ""}${fragment}`;
}

/** Pure: the gh arguments that print the title of what ref names; null when there is nothing to ask. */
export function titleQuery(ref: GithubRef): string[] | null {
  const item = ref.item;
  if (!item) return null;
  const repo = ["-R", ref.slug];
  switch (item.kind) {
    case "issue": return ["issue", "view", item.id, ...repo, "--json", "title", "--jq", ".title"];
    case "pull": return ["pr", "view", item.id, ...repo, "--json", "title", "--jq", ".title"];
    case "discussion": return ["api", `repos/${ref.slug}/discussions/${item.id}`, "--jq", ".title"];
    case "run": return ["api", `repos/${ref.slug}/actions/runs/${item.id}`, "--jq", `.name + ": " + .display_title + (if .conclusion == null then "" else " (" + .conclusion + ")" end)`];
    case "check": return ["api", `repos/${ref.slug}/check-runs/${item.id}`, "--jq", `.name + " (" + (.conclusion // .status) + ")"`];
    case "commit": return ["api", `repos/${ref.slug}/commits/${item.id}`, "--jq", `.commit.message | split("\\n")[0]`];
    case "release": return ["release", "view", item.id, ...repo, "--json", "name", "--jq", ".name"];
  }
}

/** Pure: the context for a GitHub URL, given the title gh found (or null) and the repository's clone (or null). */
export function githubContext(ref: GithubRef, title: string | null, clone: string | null): RouteContext {
  // A topic is read by the agent from its URL; anything else routes as itself, its title saying which run it is.
  const payload = ref.topic === null && title ? `${ref.url} (${title})` : ref.url;
  const text = [ref.slug, title, ref.url].filter(Boolean).join("\n");
  return { kind: "GitHub URL", payload, submit: false, ...(clone ? { suggestedDirectory: clone } : { text }) };
}

export const github: Extractor = {
  kind: "GitHub URL",
  matches: (thing: Thing) => parseGithubUrl(thing.text) !== null,
  async extract(thing: Thing, env: ExtractEnv): Promise<RouteContext> {
    const ref = parseGithubUrl(thing.text);
    if (!ref) throw new Error("not a GitHub URL");
    const query = titleQuery(ref);
    const title = query ? ((await env.gh(query))?.trim().split("\n")[0] ?? "") || null : null;
    // A running session has its directory already: no clone is looked up.
    const clone = env.resolveDirectory ? env.repositoryDirectory(ref.slug) : null;
    return githubContext(ref, title, clone);
  },
};
