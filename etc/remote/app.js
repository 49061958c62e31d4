// The phone page of `agentmux remote`: watch and unblock sessions. Plain ES modules, no build
// step. Everything the server sends is inserted as text (textContent), never as HTML.
// Views: pairing (a code from `agentmux remote pair`), the list, one session (#pane=<pane>).
import { $, banner, tickAges } from "./dom.js";
import { api, auth, errorText, needsPairing } from "./http.js";
import { connect, disconnect, send, setupLive } from "./live.js";
import { renderList } from "./list.js";
import { notifyBlocked, setupNotifyButton } from "./notify.js";
import { closeSheet, openRestart, setupRestart } from "./restart.js";
import { markEnded, markOld, renderSession, setOutput, setupSession, shown, showSession } from "./session.js";
import { resetChanges, setupChanges } from "./changes.js";

const state = { sessions: [], loaded: false, paired: false, retry: 0, timer: 0 };

function showView(name) {
  for (const v of ["pair", "list", "session"]) $(`${v}-view`).hidden = v !== name;
  $("back").hidden = name !== "session";
  if (name !== "session") $("title").textContent = "agentmux";
}

/** Handles a failed call: a 401 asking to pair opens pairing (forgetting the token), else a banner. */
function failed(err) {
  if (needsPairing(err)) {
    const had = !!auth.token;
    auth.set("");
    showPairing(had ? "This device is no longer paired (revoked, or the computer forgot it). Pair it again." : "");
    return;
  }
  banner(errorText(err));
}

function showPairing(message) {
  state.paired = false;
  clearTimeout(state.timer);
  disconnect();
  closeSheet();
  banner("");
  showView("pair");
  $("pair-error").textContent = message || "";
  const device = $("pair-device");
  if (!device.value) device.value = deviceName();
}

/** A default device name from the user agent: "iPhone Safari", "Android Chrome", "Linux Firefox". */
function deviceName() {
  const ua = navigator.userAgent;
  const os = [["iPhone", /iPhone/], ["iPad", /iPad/], ["Android", /Android/], ["Mac", /Macintosh/], ["Windows", /Windows/], ["Linux", /Linux|X11/]].find(([, re]) => re.test(ua));
  const browser = [["Firefox", /Firefox\//], ["Edge", /Edg\//], ["Chrome", /Chrome\/|CriOS\//], ["Safari", /Safari\//]].find(([, re]) => re.test(ua));
  return [os ? os[0] : "", browser ? browser[0] : ""].filter(Boolean).join(" ") || "phone";
}

const openPane = (pane) => { location.hash = `pane=${encodeURIComponent(pane)}`; };

/** A part of the address, decoded ("" for a malformed one). */
function decoded(text) {
  try { return decodeURIComponent(text); } catch { return ""; }
}

/** `agentmux remote pair` prints a link (and its QR code) ending in #pair=CODE: the code is filled in. */
function pairCodeFromLink() {
  const m = /^#pair=([^&]+)$/.exec(location.hash);
  if (!m) return false;
  $("pair-code").value = decoded(m[1]);
  history.replaceState(null, "", location.pathname + location.search);
  auth.set(""); // a new code means pairing again
  return true;
}

function route() {
  if (!state.paired) return;
  const m = /^#pane=(.+)$/.exec(location.hash);
  const pane = m ? decoded(m[1]) || null : null;
  if (pane) {
    if (shown.pane !== pane) resetChanges();
    showSession(pane);
    showView("session");
    renderSession(currentRow(), state.loaded);
    send({ type: "watch", pane });
  } else {
    if (shown.pane) send({ type: "unwatch" });
    shown.pane = null;
    closeSheet();
    showView("list");
    renderList(state.sessions, openPane);
  }
}

function currentRow() {
  return state.sessions.find((s) => s.pane === shown.pane) || null;
}

function onSessions(sessions) {
  notifyBlocked(sessions, openPane);
  state.sessions = sessions;
  state.loaded = true;
  renderList(sessions, openPane);
  if (shown.pane) renderSession(currentRow(), true);
}

function onMessage(msg) {
  if (msg.type === "sessions") onSessions(msg.sessions || []);
  else if (msg.type === "output" && msg.pane === shown.pane) setOutput(msg.lines || []);
  else if (msg.type === "ended" && msg.pane === shown.pane) markEnded();
  else if (msg.type === "output-old" && msg.pane === shown.pane) markOld(msg.why || "no live output now");
  else if (msg.type === "error") banner(msg.error || "error");
}

/** One GET of the sessions: false when the device must pair (stop reconnecting). */
async function check() {
  try {
    onSessions((await api("GET", "/api/sessions")).sessions || []);
    return true;
  } catch (e) {
    if (needsPairing(e)) {
      failed(e);
      return false;
    }
    if (e.status) banner(errorText(e));
    return true;
  }
}

async function start() {
  clearTimeout(state.timer);
  let data;
  try {
    data = await api("GET", "/api/sessions");
  } catch (e) {
    if (needsPairing(e)) return failed(e);
    showView("list");
    banner(errorText(e));
    $("conn").textContent = "reconnecting…";
    state.timer = setTimeout(start, Math.min(30000, 1000 * 2 ** state.retry++));
    return;
  }
  state.retry = 0;
  state.paired = true;
  banner("");
  onSessions(data.sessions || []);
  route();
  connect();
}

async function pair(ev) {
  ev.preventDefault();
  const code = $("pair-code").value.trim();
  const device = $("pair-device").value.trim() || deviceName();
  $("pair-error").textContent = "";
  try {
    const r = await api("POST", "/api/pair", { code, device });
    auth.set(r.token);
    $("pair-code").value = "";
    await start();
  } catch (e) {
    $("pair-error").textContent = errorText(e);
  }
}

function init() {
  setupLive({
    token: () => auth.token,
    onMessage,
    onOpen: () => { banner(""); if (shown.pane) send({ type: "watch", pane: shown.pane }); },
    status: (text) => { $("conn").textContent = text; },
    check,
  });
  setupSession(failed);
  setupChanges(() => shown.pane);
  setupRestart({ failed, restarted: (pane) => { if (pane !== shown.pane) openPane(pane); else route(); } });
  setupNotifyButton($("notify"));
  $("back").addEventListener("click", () => { location.hash = ""; });
  $("restart").addEventListener("click", () => openRestart(shown.pane));
  $("pair-form").addEventListener("submit", pair);
  window.addEventListener("hashchange", () => {
    if (!pairCodeFromLink()) route();
    else showPairing("");
  });
  setInterval(tickAges, 1000);
  pairCodeFromLink();
  start();
}

init();
