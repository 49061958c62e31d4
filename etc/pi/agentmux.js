// agentmux's Pi extension: forwards the lifecycle events that carry a session's state to
// agentmux-hook (the same spool as every other agent's hooks). Plain JavaScript with no imports
// but Node's own, so Pi (which loads extensions through jiti) needs nothing installed for it.
//
// `agentmux new --backend pi` loads it with `-e <this file>` and sets AGENTMUX_PI_EXTENSION (this
// file's path) and AGENTMUX_PI_HOOK (the forwarder's path). A copy installed by hand (see
// `agentmux init --agents`) runs `agentmux-hook --global --agent pi EVENT`, and stands aside in a
// session whose own copy agentmux loaded, so no event is forwarded twice.
//
// Pi has no permission dialogs of its own: extensions ask the user through ctx.ui (select,
// confirm, input, editor). Those share one UI object, so this extension wraps its dialog methods:
// a dialog that opens forwards ui_dialog_open (blocked), and its closing ui_dialog_closed.
import { spawn } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

const DIALOGS = ["select", "confirm", "input", "editor"];
const UI_STATE = Symbol.for("agentmux.pi.ui");
// Each event waits for the forwarder of the one before it, which returns once its spool file exists
// (the daemon orders a pane's files by creation): milliseconds, seconds on a loaded machine. The
// bound is only for one that truly hangs (a shorter one reorders events under load).
const HOOK_WAIT_MS = 30_000;
const MAX_TEXT = 2000;

function real(path) {
  try { return realpathSync(path); } catch { return path; }
}

function ownPath() {
  try { return real(fileURLToPath(import.meta.url)); } catch { return ""; }
}

/** How this copy forwards: the session's own copy, a hand-installed one, or none (standing aside). */
function forwarding(env) {
  const sessionCopy = env.AGENTMUX_PI_EXTENSION;
  if (sessionCopy) {
    if (real(sessionCopy) !== ownPath() || !env.AGENTMUX_PI_HOOK) return null;
    return { hook: env.AGENTMUX_PI_HOOK, args: ["--agent", "pi"] };
  }
  return { hook: env.AGENTMUX_HOOK || "agentmux-hook", args: ["--global", "--agent", "pi"] };
}

const clip = (text) => (typeof text === "string" ? text.slice(0, MAX_TEXT) : undefined);

/** The text of a message's content (a string, or text blocks). */
function textOf(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.filter((b) => b && b.type === "text" && typeof b.text === "string").map((b) => b.text).join("\n");
}

/** The prompt's last assistant message: its text, why it stopped, and its error. */
function lastAnswer(messages) {
  const list = Array.isArray(messages) ? messages : [];
  for (let i = list.length - 1; i >= 0; i--) {
    const m = list[i];
    if (m && m.role === "assistant") return { text: textOf(m.content), stopReason: m.stopReason, error: m.errorMessage };
  }
  return { text: "", stopReason: undefined, error: undefined };
}

export default function agentmux(pi) {
  const how = forwarding(process.env);
  if (!how) return;
  // Outside agentmux (no daemon socket in the environment) there is nobody to tell.
  const enabled = Boolean(process.env.AGENTMUX_SOCK);
  // Events are forwarded one after another: two forwarders at once could reach the daemon in
  // either order (a dialog's closing before its opening).
  let queue = Promise.resolve();
  let sessionId;
  let sessionFile;
  let isIdle = () => false;
  let pendingTool = null;

  const forward = (name, payload) => {
    if (!enabled) return;
    // Pi writes a session's file with its first answer: until then `--session ID` cannot resume it,
    // so its id is not reported (agentmux then refuses a restart rather than start one that fails).
    // A session without a file at all (--no-session) never reports one.
    const known = sessionFile !== undefined && existsSync(sessionFile);
    // agentmux_at: when Pi said it; the forwarders run one after another and may come late.
    const body = JSON.stringify({ session_id: known ? sessionId : undefined, ...payload, agentmux_at: Date.now() });
    queue = queue.then(() => new Promise((resolve) => {
      const timer = setTimeout(resolve, HOOK_WAIT_MS);
      timer.unref?.();
      try {
        const child = spawn(how.hook, [...how.args, name], { stdio: ["pipe", "ignore", "ignore"] });
        child.on("error", () => resolve());
        child.on("close", () => resolve());
        child.stdin.on("error", () => {});
        child.stdin.end(body);
      } catch {
        // the agent's work never depends on agentmux
        resolve();
      }
    }));
  };

  // A dialog opened while a tool call waits (an extension's permission gate) is about that tool.
  let open = 0;
  const dialogOpened = (kind, args) => {
    open += 1;
    if (open > 1) return;
    const [title, second] = args;
    const options = kind === "select" && Array.isArray(second) ? second.filter((o) => typeof o === "string").slice(0, 20) : [];
    const message = kind === "confirm" && typeof second === "string" ? second : undefined;
    forward("ui_dialog_open", { dialog: kind, title: clip(String(title ?? "")), message: clip(message), options, ...(pendingTool ?? {}) });
  };
  const dialogClosed = () => {
    open = Math.max(0, open - 1);
    if (open > 0) return;
    let idle = false;
    try { idle = isIdle(); } catch { /* a context of a session replaced since */ }
    forward("ui_dialog_closed", { idle });
  };

  // Wrap the shared UI object's dialogs once; a later instance (after /reload, /new) takes them over.
  const watch = (ctx) => {
    let ui;
    try { ui = ctx.hasUI ? ctx.ui : undefined; } catch { return; }
    if (!ui || typeof ui !== "object") return;
    const state = ui[UI_STATE];
    if (state) {
      state.opened = dialogOpened;
      state.closed = dialogClosed;
      return;
    }
    const mine = { opened: dialogOpened, closed: dialogClosed };
    for (const kind of DIALOGS) {
      const original = ui[kind];
      if (typeof original !== "function") continue;
      ui[kind] = function (...args) {
        mine.opened(kind, args);
        let result;
        try {
          result = original.apply(this, args);
        } catch (error) {
          mine.closed();
          throw error;
        }
        Promise.resolve(result).then(() => mine.closed(), () => mine.closed());
        return result;
      };
    }
    try { Object.defineProperty(ui, UI_STATE, { value: mine }); } catch { /* a frozen object: no dialogs seen */ }
  };

  const track = (ctx) => {
    try {
      sessionId = ctx.sessionManager.getSessionId() || sessionId;
      sessionFile = ctx.sessionManager.getSessionFile();
      isIdle = () => ctx.isIdle();
    } catch { /* keep the last known id */ }
    watch(ctx);
  };

  pi.on("session_start", async (event, ctx) => {
    track(ctx);
    forward("session_start", { reason: event?.reason, session_file: sessionFile, cwd: ctx.cwd });
  });
  pi.on("before_agent_start", async (event, ctx) => {
    track(ctx);
    forward("before_agent_start", { prompt: clip(event?.prompt) });
  });
  pi.on("agent_start", async (_event, ctx) => {
    track(ctx);
    forward("agent_start", {});
  });
  // Runs before later extensions' tool_call handlers (agentmux's copy is loaded first): a gate's dialog names this tool.
  pi.on("tool_call", async (event, ctx) => {
    track(ctx);
    pendingTool = { tool_name: event?.toolName, tool_input: event?.input };
    return undefined;
  });
  pi.on("tool_execution_start", async (event, ctx) => {
    track(ctx);
    forward("tool_execution_start", { tool_name: event?.toolName });
  });
  pi.on("tool_execution_end", async (event, ctx) => {
    track(ctx);
    pendingTool = null;
    forward("tool_execution_end", { tool_name: event?.toolName, tool_response: { is_error: event?.isError === true } });
  });
  pi.on("agent_end", async (event, ctx) => {
    track(ctx);
    pendingTool = null;
    const answer = lastAnswer(event?.messages);
    forward("agent_end", { last_assistant_message: clip(answer.text), stop_reason: answer.stopReason, error_details: clip(answer.error) });
  });
  pi.on("session_shutdown", async (event) => {
    forward("session_shutdown", { reason: event?.reason });
  });
}
