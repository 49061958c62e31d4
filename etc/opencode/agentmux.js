// agentmux's plugin for opencode and its fork Kilo (the same bus): forwards the bus events that
// carry a session's state to agentmux-hook (the same spool as every other agent's hooks). Plain
// JavaScript with no dependencies, so the CLI loads it without installing anything.
// `agentmux new --backend opencode` (or kilo) loads it through OPENCODE_CONFIG_CONTENT (or
// KILO_CONFIG_CONTENT) with the options {hook: <path of agentmux-hook>, agent: <opencode|kilo>}; a
// copy installed by hand into ~/.config/opencode/plugin/ or ~/.config/kilo/plugin/ (see
// `agentmux init --agents`) has no options, tells the CLI from its executable's name, and stands
// aside while that one is loaded.
import { spawn } from "node:child_process";
import { basename } from "node:path";

const SESSION_COPY = Symbol.for("agentmux.opencode.session-plugin");

// opencode publishes bus events without waiting for the plugin, and a permission's reply is followed
// within a millisecond by the turn's end: forwarded by two processes at once, the daemon could read
// them in either order and leave the session working. Each event waits for the one before it: its
// forwarder returns once its spool file exists (the daemon orders a pane's files by creation), which
// takes milliseconds, and seconds on a loaded machine. Taking the next before that would reorder
// them (a 2 s bound did, under load: session-busy after permission-asked left a dialog "working"),
// so the bound is for a forwarder that truly hangs: HOOK_WAIT_MS.
const HOOK_WAIT_MS = 30_000;
let queue = Promise.resolve();

function forward(hook, agent, name, properties) {
  if (!process.env.AGENTMUX_SOCK) return;
  // agentmux_at: when the bus said it; the forwarders run one after another and may come late.
  const body = JSON.stringify({ ...(properties ?? {}), agentmux_at: Date.now() });
  queue = queue.then(() => new Promise((resolve) => {
    const timer = setTimeout(resolve, HOOK_WAIT_MS);
    timer.unref?.();
    try {
      const child = spawn(hook, ["--agent", agent, name], { stdio: ["pipe", "ignore", "ignore"], detached: false });
      child.on("error", () => resolve());
      child.on("close", () => resolve());
      child.stdin.on("error", () => {});
      child.stdin.end(body);
    } catch {
      // the agent's work never depends on agentmux
      resolve();
    }
  }));
}

// The turn's answer, for the notification and the inbox ("finished: …"): session.idle carries no
// text, so the plugin keeps the text parts of each session's latest assistant message as the bus
// streams them (message.updated names a message's role; message.part.updated carries a part whole,
// message.part.delta a piece of it) and hands them over with the idle event.
const ANSWER_MAX = 8000;
const ROLES_KEPT = 200;
const roles = new Map();
const answers = new Map();

function noteText(sessionID, messageID, partID, change) {
  if (typeof sessionID !== "string" || typeof messageID !== "string" || typeof partID !== "string") return;
  if (roles.get(messageID) === "user") return;
  let answer = answers.get(sessionID);
  if (!answer || answer.messageID !== messageID) answers.set(sessionID, (answer = { messageID, parts: new Map() }));
  answer.parts.set(partID, change(answer.parts.get(partID) ?? "").slice(0, ANSWER_MAX));
}

function remember(event) {
  const p = event.properties ?? {};
  if (event.type === "message.updated" && typeof p.info?.id === "string") {
    roles.set(p.info.id, p.info.role);
    if (roles.size > ROLES_KEPT) roles.delete(roles.keys().next().value);
  } else if (event.type === "message.part.updated" && p.part?.type === "text" && !p.part.synthetic) {
    noteText(p.part.sessionID ?? p.sessionID, p.part.messageID, p.part.id, () => String(p.part.text ?? ""));
  } else if (event.type === "message.part.delta" && p.field === "text") {
    noteText(p.sessionID, p.messageID, p.partID, (text) => text + String(p.delta ?? ""));
  }
}

/** The text of the session's latest assistant message, "" when none is known. */
function lastAnswer(sessionID) {
  const answer = answers.get(sessionID);
  if (!answer || roles.get(answer.messageID) !== "assistant") return "";
  return [...answer.parts.values()].filter(Boolean).join("\n").slice(0, ANSWER_MAX);
}

/** The forwarded name and payload of one bus event, or null for an event agentmux does not use. */
function translate(event) {
  const p = event.properties ?? {};
  switch (event.type) {
    case "session.status": {
      const type = p.status?.type;
      // "retry" is a busy session waiting to try the model again.
      if (type === "busy" || type === "retry") return ["session-busy", p];
      if (type !== "idle") return null;
      const text = lastAnswer(p.sessionID);
      return ["session-idle", text ? { ...p, last_assistant_message: text } : p];
    }
    case "session.created": return ["session-created", { sessionID: p.info?.id ?? p.sessionID }];
    case "permission.asked": return ["permission-asked", p];
    case "permission.replied": return ["permission-replied", p];
    case "question.asked": return ["question-asked", p];
    default: return null;
  }
}

export const Agentmux = async (_input, options) => {
  const own = typeof options?.hook === "string" && options.hook !== "";
  if (own) globalThis[SESSION_COPY] = true;
  const hook = own ? options.hook : process.env.AGENTMUX_HOOK || "agentmux-hook";
  // Kilo runs as bin/.kilo; opencode as bin/opencode.
  const agent = typeof options?.agent === "string" && /^[a-z]+$/.test(options.agent) ? options.agent : /kilo/i.test(basename(process.execPath)) ? "kilo" : "opencode";
  return {
    event: async ({ event }) => {
      if (!own && globalThis[SESSION_COPY]) return;
      remember(event);
      const forwarded = translate(event);
      if (forwarded) forward(hook, agent, forwarded[0], forwarded[1]);
    },
  };
};
