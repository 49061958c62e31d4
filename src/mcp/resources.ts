import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { readTranscript } from "../control/read.ts";
import { sessionJson } from "../session/json.ts";
import { findSession, listSessions } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import type { McpDeps } from "./deps.ts";
import { parseResourceUri, resourceUri, URI_TEMPLATES, type ResourceKind } from "./uris.ts";

const DESCRIPTIONS: Record<ResourceKind, string> = {
  state: "the session as list_sessions shows it (its state, and since when); subscribe to be told when its state changes",
  answer: "the session's last answer, from its agent CLI's own records; subscribe to be told when its state changes (a turn that ended has a new one)",
};

/** The pane a resource URI names, or an error saying what a good one looks like. */
export function paneOf(uri: string): string {
  const parsed = parseResourceUri(uri);
  if (!parsed) throw new AgentmuxError(`${uri} is not an agentmux resource`, { hint: "use agentmux://pane/N/state or agentmux://pane/N/answer for pane %N, as resources/list shows them" });
  return parsed.pane;
}

/** Each session's state and last answer, as resources a client can read and subscribe to. */
export function registerResources(server: McpServer, deps: McpDeps): void {
  for (const kind of ["state", "answer"] as const) {
    const template = new ResourceTemplate(URI_TEMPLATES[kind], {
      list: async () => {
        const control = deps.control();
        const sessions = await listSessions(control.tmux, { backendSuffix: control.config.display.backendSuffix });
        return { resources: sessions.map((s) => ({ uri: resourceUri(s.pane, kind), name: `${s.name} ${kind}`, mimeType: kind === "state" ? "application/json" : "text/plain" })) };
      },
    });
    server.registerResource(`session-${kind}`, template, { description: DESCRIPTIONS[kind] }, async (uri) => {
      const control = deps.control();
      const pane = paneOf(uri.href);
      if (kind === "state") {
        const session = await findSession(control.tmux, pane, { includeExited: true });
        return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(sessionJson(session)) }] };
      }
      const { turns } = await readTranscript(control, pane);
      const last = [...turns].reverse().find((t) => t.role === "assistant");
      return { contents: [{ uri: uri.href, mimeType: "text/plain", text: last?.text ?? "" }] };
    });
  }
}
