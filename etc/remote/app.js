// The phone page of `agentmux remote`: the live sessions, one session's output, replies and keys,
// a restart under another account, pairing. Plain ES module, no build step. Everything the server
// sends is inserted as text (textContent), never as HTML.

const TOKEN_KEY = "agentmux-token";
const STATE_WORD = { blocked: "blocked", waiting: "waiting", working: "working", idle: "idle", exited: "exited", closing: "closing" };
const KEYS = [
  ["Esc", "Escape"], ["1", "1"], ["2", "2"], ["3", "3"], ["4", "4"], ["5", "5"],
  ["6", "6"], ["7", "7"], ["8", "8"], ["9", "9"], ["y", "y"], ["n", "n"],
  ["←", "Left"], ["↑", "Up"], ["↓", "Down"], ["→", "Right"], ["Tab", "Tab"], ["⇧Tab", "BTab"],
  ["⏎", "Enter"], ["C-c", "C-c"],
];
const KEY_NAMES = { Escape: "Escape", Left: "Left arrow", Up: "Up arrow", Down: "Down arrow", Right: "Right arrow", Enter: "Return", BTab: "Shift-Tab", "C-c": "Control-C" };

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

const app = {
  token: localStorage.getItem(TOKEN_KEY) || "",
  sessions: [],
  known: new Map(), // pane → last state seen (for notifications)
  watching: null, // the pane the session view shows
  output: [],
  ended: false,
  ws: null,
  wsOpen: false,
  retry: 0,
  retryTimer: 0,
  paired: false,
  sessionsLoaded: false,
};

// ---- HTTP -------------------------------------------------------------------------------

class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  if (app.token) headers.Authorization = `Bearer ${app.token}`;
  if (method !== "GET") {
    headers["X-Agent-Remote"] = "1";
    headers["Content-Type"] = "application/json";
  }
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  } catch (e) {
    throw new ApiError(0, { error: `Cannot reach the computer (${e.message}).` });
  }
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new ApiError(res.status, data);
  return data || {};
}

/** Shows what went wrong; a 401 asking to pair opens the pairing screen. */
function failed(err) {
  if (err instanceof ApiError && err.status === 401 && err.body.pair) {
    const had = !!app.token;
    app.token = "";
    localStorage.removeItem(TOKEN_KEY);
    showPairing(had ? "This device is no longer paired (revoked, or the computer forgot it). Pair it again." : "");
    return;
  }
  const text = err instanceof ApiError && err.body.hint ? `${err.message}\n${err.body.hint}` : String(err.message || err);
  banner(text);
}

function banner(text) {
  const b = $("banner");
  b.textContent = text || "";
  b.hidden = !text;
}

// ---- Views ------------------------------------------------------------------------------

function showView(name) {
  for (const v of ["pair", "list", "session"]) $(`${v}-view`).hidden = v !== name;
  $("back").hidden = name !== "session";
  if (name !== "session") $("title").textContent = "agentmux";
}

function showPairing(message) {
  app.paired = false;
  closeSocket();
  closeSheet();
  showView("pair");
  banner("");
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

function route() {
  if (!app.paired) return;
  const m = /^#pane=(.+)$/.exec(location.hash);
  const pane = m ? decodeURIComponent(m[1]) : null;
  if (pane) openSession(pane);
  else openList();
}

function openList() {
  if (app.watching) send({ type: "unwatch" });
  app.watching = null;
  closeSheet();
  showView("list");
  renderList();
}

function openSession(pane) {
  const changed = app.watching !== pane;
  app.watching = pane;
  if (changed) {
    app.output = [];
    app.ended = false;
    $("output").textContent = "";
    $("send-text").value = "";
  }
  showView("session");
  renderSession();
  send({ type: "watch", pane });
}

// ---- The list ---------------------------------------------------------------------------

function stateLabel(row) {
  const word = STATE_WORD[row.state] || row.state || "unknown";
  const span = el("span", `state state-${STATE_WORD[row.state] ? row.state : "unknown"}`, `${row.glyph || "?"} ${word}`);
  span.dataset.state = row.state;
  return span;
}

function ageText(since) {
  if (!since) return "";
  let s = Math.max(0, Math.floor((Date.now() - since) / 1000));
  if (s < 60) return `${s}s`;
  let m = Math.floor(s / 60); s %= 60;
  if (m < 60) return `${m}m ${String(s).padStart(2, "0")}s`;
  const h = Math.floor(m / 60); m %= 60;
  if (h < 48) return `${h}h ${String(m).padStart(2, "0")}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

function ageSpan(since) {
  const span = el("span", "age", ageText(since));
  span.dataset.since = String(since || 0);
  return span;
}

function metaText(row) {
  return [row.backend, row.account].filter(Boolean).join(" · ");
}

function needsYou(row) {
  return row.state === "blocked" || row.state === "waiting";
}

function askBlock(ask) {
  const box = el("div", "row-ask");
  if (ask.summary) box.append(el("div", "ask-summary", ask.summary));
  if (ask.text && ask.text.length) box.append(el("pre", "ask-text", ask.text.join("\n")));
  if (ask.options && ask.options.length) {
    box.append(el("div", "ask-text", ask.options.map((o, i) => `${i + 1}. ${o}`).join("\n")));
  }
  return box;
}

function renderList() {
  const ul = $("sessions");
  const items = app.sessions.map((row) => {
    const li = el("li");
    const b = el("button", `row ${row.state}`);
    b.type = "button";
    b.dataset.pane = row.pane;
    const top = el("div", "row-top");
    top.append(stateLabel(row), el("span", "name", row.name || row.pane));
    if (row.snoozed) top.append(el("span", "snoozed", "snoozed"));
    top.append(ageSpan(row.since));
    b.append(top, el("div", "meta", metaText(row)));
    if (needsYou(row) && row.ask) b.append(askBlock(row.ask));
    b.addEventListener("click", () => { location.hash = `pane=${encodeURIComponent(row.pane)}`; });
    li.append(b);
    return li;
  });
  ul.replaceChildren(...items);
  $("empty").hidden = app.sessions.length > 0;
}

// ---- The session view -------------------------------------------------------------------

function currentRow() {
  return app.sessions.find((s) => s.pane === app.watching) || null;
}

function renderSession() {
  const row = currentRow();
  $("title").textContent = row ? row.name || row.pane : app.watching || "";
  if (row) {
    $("s-state").replaceWith(Object.assign(stateLabel(row), { id: "s-state" }));
    $("s-meta").textContent = metaText(row);
    const age = $("s-age");
    age.dataset.since = String(row.since || 0);
    age.textContent = ageText(row.since);
  }
  const ask = row && needsYou(row) ? row.ask : null;
  $("s-ask").hidden = !ask;
  if (ask) {
    $("s-ask-summary").textContent = ask.summary || "";
    $("s-ask-text").textContent = (ask.text || []).join("\n");
    $("s-ask-text").hidden = !(ask.text && ask.text.length);
    const buttons = (ask.options || []).slice(0, 9).map((label, i) => {
      const b = el("button", "option", `${i + 1}. ${label}`);
      b.type = "button";
      b.dataset.key = String(i + 1);
      b.addEventListener("click", () => sendKeys([String(i + 1)]));
      return b;
    });
    $("s-options").replaceChildren(...buttons);
  }
  const ended = app.ended || (app.sessionsLoaded && (!row || row.state === "exited"));
  $("s-ended").hidden = !ended;
  for (const c of document.querySelectorAll("#send-form button, #send-text, #keys button, #restart")) c.disabled = ended;
}

function renderOutput() {
  const pre = $("output");
  const follow = !pre.textContent || pre.scrollHeight - pre.scrollTop - pre.clientHeight < 24;
  pre.textContent = app.output.join("\n");
  if (follow) pre.scrollTop = pre.scrollHeight;
}

async function sendKeys(keys) {
  if (!app.watching) return;
  try {
    await api("POST", "/api/keys", { pane: app.watching, keys });
    banner("");
  } catch (e) { failed(e); }
}

function buildKeys() {
  const row = $("keys");
  row.replaceChildren(...KEYS.map(([label, key]) => {
    const b = el("button", "key", label);
    b.type = "button";
    b.dataset.key = key;
    b.setAttribute("aria-label", KEY_NAMES[key] || label);
    b.addEventListener("click", () => sendKeys([key]));
    return b;
  }));
}

// ---- Restart sheet ----------------------------------------------------------------------

function closeSheet() {
  $("sheet").hidden = true;
}

async function openRestart() {
  const pane = app.watching;
  if (!pane) return;
  $("sheet-error").textContent = "";
  $("choices").replaceChildren(el("li", "meta", "Loading accounts…"));
  $("sheet").hidden = false;
  let data;
  try {
    data = await api("GET", `/api/accounts?pane=${encodeURIComponent(pane)}`);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401 && e.body.pair) return failed(e);
    $("choices").replaceChildren();
    $("sheet-error").textContent = e.body && e.body.hint ? `${e.message}\n${e.body.hint}` : e.message;
    return;
  }
  $("sheet-title").textContent = `Restart ${data.backend || ""} under`;
  const choices = data.choices || [];
  if (!choices.length) {
    $("choices").replaceChildren(el("li", "meta", "No accounts are configured for this backend."));
    return;
  }
  $("choices").replaceChildren(...choices.map((c) => {
    const li = el("li");
    const b = el("button", `choice ${c.kind}`);
    b.type = "button";
    b.dataset.value = c.value;
    b.disabled = !!c.loggedOut;
    if (c.loggedOut) b.dataset.loggedOut = "1";
    const top = el("div", "choice-top");
    top.append(el("span", "label", c.label || c.value));
    if (c.kind === "pool") top.append(el("span", "tag", "pool"));
    if (c.value === data.current) top.append(el("span", "tag current", "current"));
    if (c.limited) top.append(el("span", "tag limited", "limited"));
    if (c.loggedOut) top.append(el("span", "tag", "logged out"));
    b.append(top);
    const usage = [c.weekly && `week ${c.weekly}`, c.session && `session ${c.session}`].filter(Boolean).join(" · ");
    if (usage) b.append(el("span", "usage", usage));
    b.addEventListener("click", () => restart(pane, c.value));
    li.append(b);
    return li;
  }));
}

async function restart(pane, account) {
  $("sheet-error").textContent = "";
  for (const b of document.querySelectorAll("#choices button")) b.disabled = true;
  try {
    const r = await api("POST", "/api/restart", { pane, account });
    closeSheet();
    app.ended = false;
    if (r.pane && r.pane !== pane) location.hash = `pane=${encodeURIComponent(r.pane)}`;
    else openSession(pane);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401 && e.body.pair) return failed(e);
    $("sheet-error").textContent = e.body && e.body.hint ? `${e.message}\n${e.body.hint}` : e.message;
    for (const b of document.querySelectorAll("#choices button")) b.disabled = b.dataset.loggedOut === "1";
  }
}

// ---- Live updates -----------------------------------------------------------------------

function send(msg) {
  if (app.ws && app.wsOpen) app.ws.send(JSON.stringify(msg));
}

function setConn(text) {
  $("conn").textContent = text;
}

function closeSocket() {
  clearTimeout(app.retryTimer);
  if (app.ws) {
    const ws = app.ws;
    app.ws = null;
    ws.onclose = null;
    ws.close();
  }
  app.wsOpen = false;
}

function connect() {
  closeSocket();
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const q = app.token ? `?token=${encodeURIComponent(app.token)}` : "";
  const ws = new WebSocket(`${proto}//${location.host}/ws${q}`);
  app.ws = ws;
  let opened = false;
  ws.onopen = () => {
    opened = true;
    app.wsOpen = true;
    app.retry = 0;
    setConn("");
    banner("");
    if (app.watching) send({ type: "watch", pane: app.watching });
  };
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    onMessage(msg);
  };
  ws.onclose = () => {
    if (app.ws !== ws) return;
    app.ws = null;
    app.wsOpen = false;
    setConn("reconnecting…");
    const delay = Math.min(30000, 500 * 2 ** app.retry) * (0.75 + Math.random() * 0.5);
    app.retry = Math.min(app.retry + 1, 6);
    app.retryTimer = setTimeout(() => {
      // A refused upgrade says nothing to a page: ask over HTTP why (pairing, a wrong host).
      if (!opened || app.retry > 1) check().then((ok) => { if (ok) connect(); });
      else connect();
    }, delay);
  };
}

/** One GET: true when the server answers; shows pairing or the error otherwise. */
async function check() {
  try {
    const data = await api("GET", "/api/sessions");
    onSessions(data.sessions || []);
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401 && e.body.pair) {
      failed(e);
      return false;
    }
    if (e instanceof ApiError && e.status !== 0) banner(e.body.hint ? `${e.message}\n${e.body.hint}` : e.message);
    return true; // keep reconnecting with backoff
  }
}

function onMessage(msg) {
  switch (msg.type) {
    case "sessions":
      onSessions(msg.sessions || []);
      break;
    case "output":
      if (msg.pane === app.watching) {
        app.output = msg.lines || [];
        renderOutput();
      }
      break;
    case "ended":
      if (msg.pane === app.watching) {
        app.ended = true;
        renderSession();
      }
      break;
    case "error":
      banner(msg.error || "error");
      break;
  }
}

function onSessions(sessions) {
  notifyBlocked(sessions);
  app.sessions = sessions;
  app.sessionsLoaded = true;
  if (app.watching) {
    if (currentRow()) app.ended = false;
    renderSession();
  }
  renderList();
}

// ---- Notifications ----------------------------------------------------------------------

function notifyBlocked(sessions) {
  const first = app.known.size === 0 && !app.sessionsLoaded;
  for (const row of sessions) {
    const was = app.known.get(row.pane);
    if (!first && row.state === "blocked" && was !== "blocked" && canNotify()) {
      try {
        const n = new Notification(`⚠ ${row.name || row.pane} is blocked`, {
          body: (row.ask && row.ask.summary) || metaText(row),
          tag: `agentmux-${row.pane}`,
          icon: "/icon-192.png",
        });
        n.onclick = () => { window.focus(); location.hash = `pane=${encodeURIComponent(row.pane)}`; };
      } catch { /* some browsers allow notifications only from a service worker */ }
    }
  }
  app.known = new Map(sessions.map((r) => [r.pane, r.state]));
}

function canNotify() {
  return "Notification" in window && Notification.permission === "granted";
}

function setupNotifyButton() {
  const b = $("notify");
  const update = () => { b.hidden = !("Notification" in window) || Notification.permission !== "default"; };
  update();
  b.addEventListener("click", async () => {
    try { await Notification.requestPermission(); } catch { /* denied */ }
    update();
  });
}

// ---- Start ------------------------------------------------------------------------------

async function pair(ev) {
  ev.preventDefault();
  const code = $("pair-code").value.trim();
  const device = $("pair-device").value.trim() || deviceName();
  $("pair-error").textContent = "";
  try {
    const r = await api("POST", "/api/pair", { code, device });
    app.token = r.token;
    localStorage.setItem(TOKEN_KEY, r.token);
    $("pair-code").value = "";
    await start();
  } catch (e) {
    $("pair-error").textContent = e.body && e.body.hint ? `${e.message}\n${e.body.hint}` : e.message;
  }
}

async function start() {
  let data;
  try {
    data = await api("GET", "/api/sessions");
  } catch (e) {
    if (e instanceof ApiError && e.status === 401 && e.body.pair) return failed(e);
    showView("list");
    failed(e);
    setConn("reconnecting…");
    clearTimeout(app.retryTimer);
    app.retryTimer = setTimeout(start, Math.min(30000, 1000 * 2 ** app.retry++));
    return;
  }
  app.paired = true;
  banner("");
  onSessions(data.sessions || []);
  route();
  connect();
}

function init() {
  buildKeys();
  setupNotifyButton();
  $("back").addEventListener("click", () => { location.hash = ""; });
  $("pair-form").addEventListener("submit", pair);
  $("send-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const box = $("send-text");
    const text = box.value;
    if (!text.trim() || !app.watching) return;
    try {
      await api("POST", "/api/send", { pane: app.watching, text });
      box.value = "";
      banner("");
    } catch (e) { failed(e); }
  });
  $("send-text").addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && !ev.shiftKey && !ev.isComposing) {
      ev.preventDefault();
      $("send-form").requestSubmit();
    }
  });
  $("restart").addEventListener("click", openRestart);
  $("sheet-cancel").addEventListener("click", closeSheet);
  $("sheet").addEventListener("click", (ev) => { if (ev.target === $("sheet")) closeSheet(); });
  window.addEventListener("hashchange", route);
  setInterval(() => {
    for (const span of document.querySelectorAll("[data-since]")) span.textContent = ageText(Number(span.dataset.since));
  }, 1000);
  start();
}

init();
