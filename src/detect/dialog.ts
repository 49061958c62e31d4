import { createHash } from "node:crypto";
import { detect } from "./detect.ts";
import { screenLines } from "./regions.ts";
import type { Manifest } from "./types.ts";

/** A numbered dialog read from a screen: what it asks, its options in order, and a digest of both. */
export interface Dialog {
  /** The lines above the options, from the dialog's top (its border, or a gap): the question, the tool, the command. */
  question: string[];
  /** The options' labels as shown, option 1 first. */
  options: string[];
  /** The keys that pick each option, for a dialog drawn without numbers (the manifest's choices); absent: numbered. */
  keys?: string[][];
  /** A stable hash of question and options: an answer is sent only while the screen shows a dialog with the same digest. */
  digest: string;
}

// The generic shapes, for a manifest without a `dialog` section (or without the key):
// an option, with a frame edge and a selection marker before it ("❯ 1. Yes", "│ ● 1. Allow once", "┃  2. Blue");
const OPTION = /^[\s│┃]*(?:[❯›●>]\s*)?(\d{1,2})\.\s+(\S.*)$/u;
// a line that begins a dialog: a rule across the screen, or a box's top corner at column 0.
const TOP = /^(?:[─━]{3,}|╭─)/u;
// lines that are only frame (a box's sides and corners, dashed rules) say nothing.
const FRAME_ONLY = /^[\s│┃─━╌┄┈╭╮╰╯┌┐└┘]*$/u;
const FRAME_EDGES = /^\s*[│┃]\s?|\s*[│┃]\s*$/u;
/** At most this many lines of question, the ones nearest the options. */
const MAX_QUESTION = 8;
/** The question is looked for this far above option 1. */
const MAX_SCAN = 24;

/** A line without the frame it is drawn in, trimmed. */
function unframed(line: string): string {
  // Boxes nest (a command drawn in a box inside the dialog's): peel every edge.
  for (let text = line; ;) {
    const next = text.replace(FRAME_EDGES, "");
    if (next === text) return text.trim();
    text = next;
  }
}

/**
 * The numbered dialog a screen shows, or null. Only a screen whose manifest says blocked on a
 * dialog (not an interrupted turn) has one: a numbered list in the transcript or a prompt typed as
 * "1. Red" leaves the screen idle and is no dialog. The options are the last run of numbered lines
 * that starts at 1 (descriptions, borders and other lines between them allowed); the question is
 * what lies between the dialog's top and option 1. The manifest's `dialog` section may say how its
 * CLI draws them (option, top, skip); the generic shapes cover boxes, rules and markers.
 */
export function readDialog(manifest: Manifest, screen: string): Dialog | null {
  const verdict = detect(manifest, { screen });
  if (verdict.state !== "blocked" || verdict.cause === "interrupted") return null;
  const lines = screenLines(screen);
  const optionRe = manifest.dialog?.option ?? OPTION;
  const parse = (line: string): { n: number; label: string } | null => {
    const m = optionRe.exec(line);
    if (!m || m[1] === undefined || m[2] === undefined) return null;
    return { n: Number(m[1]), label: unframed(m[2]) };
  };
  let first = -1;
  for (let i = lines.length - 1; i >= 0; i--) if (parse(lines[i] ?? "")?.n === 1) { first = i; break; }
  if (first === -1) return choicesDialog(manifest, lines);
  const options: string[] = [];
  for (let i = first; i < lines.length; i++) {
    const option = parse(lines[i] ?? "");
    if (!option) continue;
    if (option.n !== options.length + 1) break;
    options.push(option.label);
  }
  const question = questionAbove(manifest, lines, first);
  return { question, options, digest: dialogDigest(question, options) };
}

/** A dialog drawn without numbers, as its manifest's choices say: anchored at the last line showing the first choice. */
function choicesDialog(manifest: Manifest, lines: string[]): Dialog | null {
  const choices = manifest.dialog?.choices;
  const label = choices?.[0]?.label;
  if (!choices || label === undefined) return null;
  let anchor = -1;
  for (let i = lines.length - 1; i >= 0; i--) if ((lines[i] ?? "").includes(label)) { anchor = i; break; }
  if (anchor === -1) return null;
  const question = questionAbove(manifest, lines, anchor);
  const options = choices.map((c) => c.label);
  return { question, options, keys: choices.map((c) => c.keys), digest: dialogDigest(question, options) };
}

/** The question lines above option 1, up to the dialog's top, a gap of two blank lines or the prompt box. */
function questionAbove(manifest: Manifest, lines: string[], first: number): string[] {
  const top = manifest.dialog?.top ?? TOP;
  const skip = manifest.dialog?.skip ?? null;
  const found: string[] = [];
  let blanks = 0;
  for (let i = first - 1; i >= Math.max(0, first - MAX_SCAN); i--) {
    const raw = lines[i] ?? "";
    if (top.test(raw) || manifest.promptBox?.test(raw)) break;
    const text = unframed(raw);
    if (text === "") {
      // Blank lines right above the options are the dialog's spacing; two in a row above the question end it.
      if (found.length > 0 && ++blanks >= 2) break;
      continue;
    }
    blanks = 0;
    if (FRAME_ONLY.test(text) || skip?.test(raw)) continue;
    found.unshift(text);
  }
  return found.slice(-MAX_QUESTION);
}

/** The digest of a dialog: the same question and options give the same digest, on any screen. */
export function dialogDigest(question: readonly string[], options: readonly string[]): string {
  return createHash("sha256").update(JSON.stringify([question, options])).digest("hex").slice(0, 16);
}
