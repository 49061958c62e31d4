/** What a tick decided: a nudge with its message, no nudge, or an answer that said neither (logged, never told). */
export type Decision =
  | { kind: "nudge"; message: string; stateUpdate?: string }
  | { kind: "none"; stateUpdate?: string }
  | { kind: "unclear"; why: string };

/**
 * Pure: a chief session's answer to a heartbeat. The last line that is "No nudge." or begins
 * "Nudge:" decides (a model may think aloud before it); a nudge's message is the rest of that line
 * and any lines after it.
 */
export function sessionDecision(answer: string): Decision {
  const lines = answer.replace(/\r/g, "").split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] ?? "").trim().replace(/^[*_`]+|[*_`]+$/g, "").trim();
    if (/^no nudge\.?$/i.test(line)) return { kind: "none" };
    const m = /^nudge:\s*(.*)$/i.exec(line);
    if (m) {
      const message = [m[1] ?? "", ...lines.slice(i + 1)].join(" ").replace(/\s+/g, " ").trim();
      return message ? { kind: "nudge", message } : { kind: "unclear", why: "a nudge without a message" };
    }
  }
  return { kind: "unclear", why: `the answer said neither "No nudge." nor "Nudge: …": ${answer.trim().slice(0, 120)}` };
}

/** Every balanced {...} in the text, in order of where each ends (strings with braces in them kept whole). */
function objectsIn(text: string): string[] {
  const found: string[] = [];
  const starts: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"' && starts.length > 0) inString = true;
    else if (c === "{") starts.push(i);
    else if (c === "}" && starts.length > 0) found.push(text.slice(starts.pop(), i + 1));
  }
  return found;
}

/**
 * Pure: a stateless tick's output. The CLI may echo its transcript (the schema example included)
 * before the answer: the last object that parses and has a boolean `notify` decides.
 */
export function statelessDecision(output: string): Decision {
  const objects = objectsIn(output);
  for (let i = objects.length - 1; i >= 0; i--) {
    let value: unknown;
    try { value = JSON.parse(objects[i] as string); } catch { continue; }
    if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
    const o = value as Record<string, unknown>;
    if (typeof o["notify"] !== "boolean") continue;
    const message = typeof o["message"] === "string" ? o["message"].trim() : "";
    const update = typeof o["state_update"] === "string" && o["state_update"].trim() ? { stateUpdate: o["state_update"].trim() } : {};
    if (!o["notify"]) return { kind: "none", ...update };
    return message ? { kind: "nudge", message, ...update } : { kind: "unclear", why: "notify true without a message" };
  }
  return { kind: "unclear", why: `no JSON object with a "notify" field in the output: ${output.trim().slice(-160)}` };
}
