// The list of live sessions, in the server's order (blocked, waiting longest first, the rest, then
// the sessions of other machines that are down): each row's state glyph and word, name, backend and
// account, time in that state, and what a blocked or waiting session asks. A row whose host is down
// says "unreachable" and how old its data is, never its last state as now's.
import { $, ageText, el } from "./dom.js";

const WORDS = new Set(["blocked", "waiting", "working", "idle", "exited", "closing"]);

/** Another machine's session whose host is down (the row's `unreachable`: when its data was current). */
export function unreachable(row) {
  return row.unreachable !== undefined && row.unreachable !== null;
}

export function stateLabel(row) {
  if (unreachable(row)) {
    const span = el("span", "state state-unknown", "– unreachable");
    span.dataset.state = "unreachable";
    return span;
  }
  const known = WORDS.has(row.state);
  const span = el("span", `state state-${known ? row.state : "unknown"}`, `${row.glyph || "?"} ${known ? row.state : row.state || "unknown"}`);
  span.dataset.state = row.state || "unknown";
  return span;
}

export function metaText(row) {
  // Its age (rowSince) is the data's: how long ago the host was last heard.
  const old = unreachable(row) ? ["host down", `last heard: ${row.state || "unknown"}`] : [];
  return [row.backend, row.account, ...old].filter(Boolean).join(" · ");
}

export function needsYou(row) {
  return !unreachable(row) && (row.state === "blocked" || row.state === "waiting");
}

/** When the row's state began, or for a host down when its data was current. */
export function rowSince(row) {
  return unreachable(row) ? row.unreachable : row.since;
}

export function ageSpan(since, id) {
  const span = el("span", "age", ageText(since));
  if (id) span.id = id;
  span.dataset.since = String(since || 0);
  return span;
}

function askBlock(ask) {
  const box = el("div", "row-ask");
  if (ask.summary) box.append(el("div", "ask-summary", ask.summary));
  if (ask.text && ask.text.length) box.append(el("pre", "ask-text", ask.text.join("\n")));
  if (ask.options && ask.options.length) box.append(el("pre", "ask-text", ask.options.map((o, i) => `${i + 1}. ${o}`).join("\n")));
  return box;
}

/** Renders the rows; tapping one calls open(pane). */
export function renderList(sessions, open) {
  const items = sessions.map((row) => {
    const li = el("li");
    const b = el("button", `row ${unreachable(row) ? "unknown" : WORDS.has(row.state) ? row.state : "unknown"}`);
    b.type = "button";
    b.dataset.pane = row.pane;
    const top = el("div", "row-top");
    top.append(stateLabel(row), el("span", "name", row.name || row.pane));
    if (row.snoozed) top.append(el("span", "snoozed", "snoozed"));
    top.append(ageSpan(rowSince(row)));
    b.append(top, el("div", "meta", metaText(row)));
    if (needsYou(row) && row.ask) b.append(askBlock(row.ask));
    b.addEventListener("click", () => open(row.pane));
    li.append(b);
    return li;
  });
  $("sessions").replaceChildren(...items);
  $("empty").hidden = sessions.length > 0;
}
