import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { groupSend, refusedError } from "../control/groups.ts";
import { sendKeysTo } from "../control/keys.ts";
import { newSession } from "../control/new-session.ts";
import { sendFromAgent } from "../control/send-from-agent.ts";
import { ownPane, type McpDeps } from "./deps.ts";
import { run } from "./result.ts";
import { groupSendInput, newSessionInput, sendKeysInput, sendMessageInput } from "./schemas.ts";

/**
 * The tools that act on other sessions. Each calls the function its CLI verb calls, which applies
 * the control gate itself (control/gate.ts): send_message works with the control API off, as `send
 * --from-agent` does; send_keys, new_session and group_send need control.enabled from inside a session.
 */
export function registerActTools(server: McpServer, deps: McpDeps): void {
  server.registerTool("send_message", {
    title: "Send a message to another agent",
    description: "Send a message to another session as `agentmux send --from-agent`: a header names your session and says the user did not type it; it succeeds once the recipient's own transcript records it. Refused for your own session and for one blocked on a dialog.",
    inputSchema: sendMessageInput,
  }, ({ target, text, timeout }) => run(() => sendFromAgent(deps.control(), target, text, timeout)));

  server.registerTool("send_keys", {
    title: "Press keys in another session",
    description: "Press keys in another session (as `agentmux keys`): to answer its dialog (\"1\", \"Enter\"), interrupt it (\"Escape\", \"C-c\"). Only named keys and single characters; never your own session. Needs the control API on when called from inside a session.",
    inputSchema: sendKeysInput,
  }, ({ target, keys }) => run(async () => {
    const control = deps.control();
    return sendKeysTo(control, target, keys, await ownPane(control));
  }));

  server.registerTool("new_session", {
    title: "Start an agent session",
    description: "Start an agent session in a new tmux window (as `agentmux new --detached`), optionally with a first prompt and in a group. Needs the control API on when called from inside a session.",
    inputSchema: newSessionInput,
  }, (input) => run(async () => {
    const notices: string[] = [];
    const started = await newSession(deps.control(), { ...input, submit: true, split: false }, (text) => notices.push(text));
    return { ok: true, pane: started.launched.pane, backend: started.prepared.backend.name, dir: started.prepared.dir, group: input.group ?? null, notices };
  }));

  server.registerTool("group_send", {
    title: "Send text to a group",
    description: "Type text into every running session of a group and submit it (as `agentmux group-send`); a session with a draft in its prompt is left out and named, and your own session is skipped. Needs the control API on when called from inside a session.",
    inputSchema: groupSendInput,
  }, ({ group, text }) => run(async () => {
    const control = deps.control();
    const result = await groupSend(control, group, text, { enter: true, exceptPane: await ownPane(control) });
    const refused = refusedError(result);
    if (refused && result.sent.length === 0) throw refused;
    return { ok: refused === null, group, sent: result.sent, skipped: result.skipped, refused: result.refused.map((r) => ({ session: r.label, draft: r.draft })) };
  }));
}
