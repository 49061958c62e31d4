// The live connection: one WebSocket at /ws (the token in ?token=), reconnecting with backoff and
// saying "reconnecting…" meanwhile. A refused upgrade tells a page nothing, so before reconnecting
// after a failure it asks over HTTP why (check), which shows pairing or the server's error.

let ws = null;
let open = false;
let retry = 0;
let timer = 0;
let opts = null;
let pending = null; // the retry waiting for its backoff

/** opts: token() → string, onMessage(msg), onOpen(), status(text), check() → Promise<boolean> (false: stop). */
export function setupLive(o) {
  opts = o;
}

export function send(msg) {
  if (ws && open) ws.send(JSON.stringify(msg));
}

export function disconnect() {
  clearTimeout(timer);
  pending = null;
  if (ws) {
    const old = ws;
    ws = null;
    old.onclose = null;
    old.close();
  }
  open = false;
}

export function connect() {
  disconnect();
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const token = opts.token();
  const socket = new WebSocket(`${proto}//${location.host}/ws${token ? `?token=${encodeURIComponent(token)}` : ""}`);
  ws = socket;
  let opened = false;
  socket.onopen = () => {
    opened = true;
    open = true;
    retry = 0;
    opts.status("");
    opts.onOpen();
  };
  socket.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    opts.onMessage(msg);
  };
  socket.onclose = (ev) => {
    if (ws !== socket) return;
    ws = null;
    open = false;
    opts.status("reconnecting…");
    // 4401: the server ended this device's token; ask at once (it shows pairing).
    const revoked = ev.code === 4401;
    const delay = revoked ? 0 : Math.min(30000, 500 * 2 ** retry) * (0.75 + Math.random() * 0.5);
    const asked = revoked || !opened || retry > 0;
    retry = Math.min(retry + 1, 6);
    pending = async () => {
      pending = null;
      if (asked && !(await opts.check())) return;
      connect();
    };
    timer = setTimeout(() => pending && pending(), delay);
  };
}

// A phone that wakes the page retries at once rather than at the end of its backoff.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible" || !pending) return;
  clearTimeout(timer);
  pending();
});
