import type { Socket } from "node:net";
import { STATES, type SessionState } from "../core/states.ts";
import { gateRequest } from "./gate.ts";
import type { DaemonPort } from "./port.ts";
import { knowsProcess } from "./tracked.ts";
import { formatLiteral } from "../tmux/safe-text.ts";
import { MAX_PUBLISH, type Request, type Response } from "./protocol.ts";
import { BACKENDS, isBackendName } from "../backends/index.ts";
import { VERSION } from "../util/version.ts";
import { isPaneId } from "../tmux/pane-id.ts";


/** Answer one request from the daemon's socket (null: the request writes its own answers, as subscribe does). */
export function handleRequest(daemon: DaemonPort, req: Exclude<Request, { op: "subscribe" | "feed" | "output" }>, socket?: Socket): Promise<Response>;
export function handleRequest(daemon: DaemonPort, req: Request, socket?: Socket): Promise<Response | null>;
export async function handleRequest(daemon: DaemonPort, req: Request, socket?: Socket): Promise<Response | null> {
  const refused = await gateRequest(daemon, req, socket);
  if (refused) return refused;
  // A session started a moment ago may not be tracked yet (its pane options were set after the
  // window-add the daemon last looked on), nor a restarted one's new process (tmux says nothing of
  // a respawn): look again before answering about it.
  const panes = "panes" in req ? req.panes : "pane" in req && req.pane !== undefined ? [req.pane] : [];
  const unknown = panes.some((p) => !daemon.tracked.has(p)) || ("token" in req && !knowsProcess(daemon.tracked.get(req.pane), req.token));
  if (unknown) await daemon.reconcile().catch(() => undefined);
  switch (req.op) {
    case "ping":
      return { ok: true, pid: process.pid, tmux: daemon.layout.tmuxSocket, sessions: daemon.tracked.size };
    case "status":
      return {
        ok: true,
        pid: process.pid,
        version: VERSION,
        // hookable: its CLI reports through hooks; hooked: one has arrived; turned: a turn was seen (agentmux doctor).
        sessions: [...daemon.tracked.values()].map((t) => ({
          pane: t.pane, backend: t.backend, state: t.machine.state, background: t.machine.background, since: t.machine.since, id: t.id,
          hookable: isBackendName(t.backend) && BACKENDS[t.backend].hooks !== undefined, hooked: t.machine.hooked === true, turned: t.machine.turnStart !== null,
        })),
      };
    case "stop":
      setTimeout(() => void daemon.stop("asked to stop"), 10);
      return { ok: true };
    case "publish":
      return publish(daemon, req.pane, req.token, req.text);
    case "input":
      if (!daemon.tracked.has(req.pane)) return { ok: false, error: `no agentmux session in pane ${req.pane}` };
      await daemon.typed(req.pane, req.kind, typeof req.at === "number" ? req.at : undefined);
      return { ok: true, pane: req.pane };
    case "explain":
      return daemon.explain(req.pane);
    case "forget":
      return { ok: true, forgotten: daemon.forgetExited(req.pane) };
    case "wait":
      return wait(daemon, req.panes, req.state, req.timeoutMs, typeof req.after === "number" ? req.after : undefined);
    case "kill":
      return { ok: true, killed: await daemon.kill(req.panes) };
    case "usage-refresh":
      return { ok: true, polled: daemon.refreshPool(req.backend, req.pool) };
    case "exit":
      return daemon.exits.request(req.pane, req.now);
    case "remote-start":
    case "remote-stop":
    case "remote-status": {
      if (!daemon.remote) return { ok: false, error: "this daemon does not serve the phone page" };
      const r = daemon.remote;
      return req.op === "remote-start" ? r.start() : req.op === "remote-stop" ? r.stop() : r.status();
    }
    case "inbox":
      return { ok: true, inbox: await daemon.inbox.view() };
    case "chief":
      if (!daemon.chief) return { ok: false, error: "the daemon has not started its chief loop yet" };
      return daemon.chief.request(String(req.action), req.immediate === true ? { immediate: true } : {});
    case "subscribe":
      if (!socket) return { ok: false, error: "subscribe needs a connection that stays open" };
      await daemon.inbox.subscribe(socket);
      return null;
    case "feed":
      if (!socket) return { ok: false, error: "feed needs a connection that stays open" };
      await daemon.feed.subscribe(socket);
      return null;
    case "output": {
      if (!socket) return { ok: false, error: "output needs a connection that stays open" };
      if (!isPaneId(req.pane)) return { ok: false, error: `${JSON.stringify(req.pane)} is not a pane id`, hint: "name a pane as tmux does: %12" };
      const t = daemon.tracked.get(req.pane);
      if (!t || t.machine.state === "exited") return { ok: false, error: `no live agentmux session in pane ${req.pane}` };
      return daemon.outputs.subscribe(socket, req.pane);
    }
    default:
      return { ok: false, error: `unknown request ${JSON.stringify((req as { op?: unknown }).op)}` };
  }
}

/** Answer when one of the panes reaches the state (at once if one is there already, and reached it no earlier than `after`). */
function wait(daemon: DaemonPort, panes: string[], state: string, timeoutMs: number, after?: number): Promise<Response> | Response {
  if (!(STATES as readonly string[]).includes(state)) return { ok: false, error: `unknown state "${state}"`, hint: `use one of ${STATES.join(", ")}` };
  const live = panes.filter((p) => daemon.tracked.has(p));
  for (const pane of live) {
    const t = daemon.tracked.get(pane);
    if (t && t.machine.state === state && (after === undefined || t.machine.since >= after)) return { ok: true, pane, state, at: t.machine.since };
  }
  const running = live.filter((p) => daemon.tracked.get(p)?.machine.state !== "exited");
  if (running.length === 0) return { ok: false, error: `${panes.join(", ")} exited before reaching ${state}` };
  return daemon.waiters.add(running, state as SessionState, timeoutMs, after);
}

/** A session's own process (checked by its token) sets its published status; a new prompt makes it stale. */
async function publish(daemon: DaemonPort, pane: string, token: string, text: string): Promise<Response> {
  const t = daemon.tracked.get(pane);
  if (!t) return { ok: false, error: `no agentmux session in pane ${pane}` };
  if (!t.tokenHash || !knowsProcess(t, token)) return { ok: false, error: `the token does not match the process in ${pane}`, hint: "only the session's own process may publish its status" };
  if ([...text].length > MAX_PUBLISH) return { ok: false, error: `the status is longer than ${MAX_PUBLISH} characters` };
  // Users show it in pane-border-format as it is: stored escaped, so a "#[...]" in it styles nothing.
  await daemon.setOptions(pane, { "@agentmux-status-text": formatLiteral(text) });
  await daemon.published(pane);
  return { ok: true, pane };
}
