// What the session changed (agentmux diff): opened on demand, the files with their counts, and a
// file's diff when one is tapped. Everything goes in as text.
import { $, el } from "./dom.js";
import { api, errorText } from "./http.js";

let current = null;

function counts(f) {
  if (f.added === null || f.added === undefined) return f.skipped ? `(${f.skipped})` : "binary";
  return `+${f.added} −${f.removed || 0}`;
}

async function showFile(pane, path) {
  const pre = $("diff-text");
  pre.hidden = false;
  pre.textContent = "Loading…";
  try {
    const data = await api("GET", `/api/diff?pane=${encodeURIComponent(pane)}&file=${encodeURIComponent(path)}`);
    if (current !== pane) return;
    pre.textContent = data.diff || "(no change in this file)";
  } catch (e) {
    pre.textContent = errorText(e);
  }
}

/** Loads the list of changed files of pane into the Changes section. */
export async function loadChanges(pane) {
  current = pane;
  const list = $("diff-files");
  $("diff-text").hidden = true;
  $("diff-against").textContent = "";
  list.replaceChildren(el("li", "meta", "Loading…"));
  try {
    const data = await api("GET", `/api/diff?pane=${encodeURIComponent(pane)}`);
    if (current !== pane) return;
    $("diff-against").textContent = `since ${data.against}`;
    const files = data.files || [];
    if (files.length === 0) { list.replaceChildren(el("li", "meta", "No changes.")); return; }
    list.replaceChildren(...files.map((f) => {
      const b = el("button", "diff-file", `${f.path}  ${f.status}  ${counts(f)}`);
      b.type = "button";
      b.addEventListener("click", () => showFile(pane, f.path));
      const li = el("li");
      li.append(b);
      return li;
    }));
  } catch (e) {
    list.replaceChildren(el("li", "meta", errorText(e)));
  }
}

/** The Changes section folds: opening it loads the shown session's files. */
export function setupChanges(currentPane) {
  const details = $("changes");
  details.addEventListener("toggle", () => { if (details.open && currentPane()) void loadChanges(currentPane()); });
}

/** A new session shown: the section closes (its files are loaded when opened again). */
export function resetChanges() {
  current = null;
  $("changes").open = false;
  $("diff-files").replaceChildren();
  $("diff-text").textContent = "";
  $("diff-text").hidden = true;
}
