import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ErrorCode, McpError, SubscribeRequestSchema, UnsubscribeRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { findSession } from "../session/store.ts";
import { isAgentmuxError } from "../util/errors.ts";
import type { McpDeps } from "./deps.ts";
import { paneOf, registerResources } from "./resources.ts";
import { Subscriptions } from "./subscriptions.ts";
import { registerActTools } from "./tools-act.ts";
import { registerReadTools } from "./tools-read.ts";

/** An agentmux error as the JSON-RPC error of a request (a resource read or a subscription), its fix included. */
function invalid(error: unknown): McpError {
  return new McpError(ErrorCode.InvalidParams, isAgentmuxError(error) ? error.oneLine() : (error as Error).message);
}

/** The server: the tools, the resources, and resource-updated notifications for subscribed sessions. */
export function buildServer(deps: McpDeps, version: string, log: (line: string) => void): { server: McpServer; subscriptions: Subscriptions } {
  const server = new McpServer({ name: "agentmux", version }, { capabilities: { resources: { subscribe: true } } });
  registerReadTools(server, deps);
  registerActTools(server, deps);
  registerResources(server, deps);
  const subscriptions = new Subscriptions(() => deps.control().tmux, (uri) => {
    server.server.sendResourceUpdated({ uri }).catch((error: unknown) => log(`could not tell ${uri} changed: ${(error as Error).message}`));
  }, log);
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    try {
      const pane = paneOf(request.params.uri);
      await findSession(deps.control().tmux, pane, { includeExited: true });
      await subscriptions.add(request.params.uri);
    } catch (error) {
      throw invalid(error);
    }
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscriptions.remove(request.params.uri);
    return {};
  });
  return { server, subscriptions };
}

/** `agentmux mcp`: serve MCP on standard input and output until the client closes them. */
export async function serveMcp(deps: McpDeps, version: string, log: (line: string) => void): Promise<void> {
  const { server, subscriptions } = buildServer(deps, version, log);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
    // The client went away while an answer was on its way (EPIPE): nothing is left to serve.
    process.stdout.once("error", () => resolve());
  });
  await server.connect(transport);
  await closed;
  subscriptions.close();
  await server.close();
}
