import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { explainSession } from "../control/explain.ts";
import { refuseOwn } from "../control/live.ts";
import { readScreen, readTranscript } from "../control/read.ts";
import { waitForState } from "../control/wait.ts";
import { sessionJson } from "../session/json.ts";
import { findSession, listSessions } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { ownPane, type McpDeps } from "./deps.ts";
import { run } from "./result.ts";
import { explainStateInput, listSessionsInput, readSessionInput, waitForStateInput } from "./schemas.ts";

/** The tools that look and wait: they work with the control API off, as `list`, `read`, `wait` and `explain` do. */
export function registerReadTools(server: McpServer, deps: McpDeps): void {
  server.registerTool("list_sessions", {
    title: "List agent sessions",
    description: "Every agentmux session on this tmux server (as `agentmux list --json`): pane, name, backend, state, group, dir. `caller` is your own session's pane.",
    inputSchema: listSessionsInput,
    annotations: { readOnlyHint: true },
  }, ({ group }) => run(async () => {
    const control = deps.control();
    const [all, caller] = await Promise.all([listSessions(control.tmux, { backendSuffix: control.config.display.backendSuffix, includeExited: true }), ownPane(control)]);
    const now = Date.now();
    return { caller, sessions: all.filter((s) => group === undefined || s.group === group).map((s) => sessionJson(s, now)) };
  }));

  server.registerTool("read_session", {
    title: "Read a session",
    description: "A session's screen as plain text (as `agentmux read`), or with source \"transcript\" its conversation from the agent CLI's own records (as `agentmux read --transcript`).",
    inputSchema: readSessionInput,
    annotations: { readOnlyHint: true },
  }, ({ target, source, lines, turns }) => run(async () => {
    if (source === "screen" && turns !== undefined) throw new AgentmuxError("turns counts the turns of the transcript", { hint: "add source: \"transcript\", or use lines for the screen's last lines" });
    if (source === "transcript" && lines !== undefined) throw new AgentmuxError("lines reads the screen, the transcript has turns", { hint: "use turns with source \"transcript\"" });
    if (source === "transcript") return readTranscript(deps.control(), target, turns);
    return (await readScreen(deps.control(), target, lines)).text;
  }));

  server.registerTool("wait_for_state", {
    title: "Wait for a session's state",
    description: "Wait until a session (or the first member of a group) reaches a state, as `agentmux wait`: e.g. waiting after you sent it a message means it answered. Fails on timeout, or when the sessions exit first.",
    inputSchema: waitForStateInput,
    annotations: { readOnlyHint: true },
  }, ({ target, group, state, timeout }) => run(async () => {
    if ((target === undefined) === (group === undefined)) throw new AgentmuxError("wait_for_state takes a target or a group, not both nor neither", { hint: "e.g. {\"target\": \"%12\", \"state\": \"waiting\"}" });
    const control = deps.control();
    // Waiting on itself would wait out its own turn: the state cannot change while it waits.
    if (target !== undefined) refuseOwn(await findSession(control.tmux, target, { includeExited: true }), await ownPane(control));
    return waitForState(control, { target, group, state, timeoutSeconds: timeout });
  }));

  server.registerTool("explain_state", {
    title: "Explain a session's state",
    description: "Why a session is in its state (as `agentmux explain`): each channel's latest word, its age, and the rule that decided.",
    inputSchema: explainStateInput,
    annotations: { readOnlyHint: true },
  }, ({ target }) => run(() => explainSession(deps.control(), target)));
}
