// The browser's Notification API while the page is open: a button asks for permission, and a
// session that becomes blocked raises a notification (tapping it opens the session).
import { unreachable } from "./list.js";

let known = null; // pane → state at the last update; null before the first

function granted() {
  return "Notification" in window && Notification.permission === "granted";
}

export function setupNotifyButton(button) {
  // Browsers grant notifications only to secure origins (https, or this machine itself).
  const update = () => { button.hidden = !window.isSecureContext || !("Notification" in window) || Notification.permission !== "default"; };
  update();
  button.addEventListener("click", async () => {
    try { await Notification.requestPermission(); } catch { /* refused */ }
    update();
  });
}

/** Notifies each session that is blocked now and was not at the last update (not on the first). */
export function notifyBlocked(sessions, open) {
  if (known && granted()) {
    for (const row of sessions) {
      // A host down's row holds its last state, which is not news.
      if (row.state !== "blocked" || known.get(row.pane) === "blocked" || unreachable(row)) continue;
      try {
        const n = new Notification(`⚠ ${row.name || row.pane} is blocked`, {
          body: (row.ask && row.ask.summary) || [row.backend, row.account].filter(Boolean).join(" · "),
          tag: `agentmux-${row.pane}`,
          icon: "/icon-192.png",
        });
        n.onclick = () => { window.focus(); open(row.pane); };
      } catch { /* a browser that allows notifications only from a service worker */ }
    }
  }
  known = new Map(sessions.map((r) => [r.pane, r.state]));
}
