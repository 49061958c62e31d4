// The Restart sheet: the backend's pools and accounts with weekly and session usage (limited ones
// marked, logged-out ones disabled); a choice restarts the session under it.
import { $, el } from "./dom.js";
import { api, errorText, needsPairing } from "./http.js";

let hooks = { failed: () => {}, restarted: () => {} };

export function closeSheet() {
  $("sheet").hidden = true;
}

/** failed(e) handles a pairing error; restarted(pane) shows the restarted session. */
export function setupRestart(h) {
  hooks = h;
  $("sheet-cancel").addEventListener("click", closeSheet);
  $("sheet").addEventListener("click", (ev) => { if (ev.target === $("sheet")) closeSheet(); });
}

function sheetError(e) {
  if (needsPairing(e)) return hooks.failed(e);
  $("sheet-error").textContent = errorText(e);
}

function choiceButton(c, current, pane) {
  const b = el("button", `choice ${c.kind === "pool" ? "pool" : "account"}`);
  b.type = "button";
  b.dataset.value = c.value;
  b.disabled = !!c.loggedOut;
  if (c.loggedOut) b.dataset.loggedOut = "1";
  const top = el("div", "choice-top");
  top.append(el("span", "label", c.label || c.value));
  if (c.kind === "pool") top.append(el("span", "tag", "pool"));
  if (c.value === current) top.append(el("span", "tag current", "current"));
  if (c.limited) top.append(el("span", "tag limited", "limited"));
  if (c.loggedOut) top.append(el("span", "tag", "logged out"));
  b.append(top);
  const usage = [c.weekly && `week ${c.weekly}`, c.session && `session ${c.session}`].filter(Boolean).join(" · ");
  if (usage) b.append(el("span", "usage", usage));
  b.addEventListener("click", () => restart(pane, c.value));
  return b;
}

export async function openRestart(pane) {
  if (!pane) return;
  $("sheet-error").textContent = "";
  $("sheet-title").textContent = "Restart under";
  $("choices").replaceChildren(el("li", "meta", "Loading accounts…"));
  $("sheet").hidden = false;
  let data;
  try {
    data = await api("GET", `/api/accounts?pane=${encodeURIComponent(pane)}`);
  } catch (e) {
    $("choices").replaceChildren();
    return sheetError(e);
  }
  $("sheet-title").textContent = data.backend ? `Restart ${data.backend} under` : "Restart under";
  const choices = data.choices || [];
  if (!choices.length) {
    $("choices").replaceChildren(el("li", "meta", "No accounts are configured for this backend."));
    return;
  }
  $("choices").replaceChildren(...choices.map((c) => {
    const li = el("li");
    li.append(choiceButton(c, data.current, pane));
    return li;
  }));
}

async function restart(pane, account) {
  $("sheet-error").textContent = "";
  const buttons = [...document.querySelectorAll("#choices button")];
  for (const b of buttons) b.disabled = true;
  try {
    const r = await api("POST", "/api/restart", { pane, account });
    closeSheet();
    hooks.restarted(r.pane || pane);
  } catch (e) {
    for (const b of buttons) b.disabled = b.dataset.loggedOut === "1";
    sheetError(e);
  }
}
