import { execa } from "execa";
import { which } from "../util/which.ts";
import type { FileDiff } from "./hunks.ts";
import { drawable, keepColours } from "./review-render.ts";

type Env = Record<string, string | undefined>;

const TIMEOUT_MS = 5000;

async function run(program: string, args: string[], input: string, env: Env): Promise<string[] | null> {
  const r = await execa(program, args, { input, env, extendEnv: false, reject: false, timeout: TIMEOUT_MS, stripFinalNewline: false, maxBuffer: 64 * 1024 * 1024 });
  if (r.exitCode !== 0) return null;
  const lines = String(r.stdout).split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/**
 * I/O: each diff line's text syntax-coloured, by its index in the review's rows (review-state.ts),
 * with delta (`--color-only` keeps its lines one for one) or else bat, whichever is on PATH; null
 * when neither is, or either's output does not line up. The tools get the lines already made
 * drawable, and only their SGR colours are kept from what they print.
 */
export async function colourLines(files: readonly FileDiff[], env: Env = process.env): Promise<string[] | null> {
  const path = env["PATH"] ?? "";
  const delta = which("delta", path);
  if (delta) {
    const input: string[] = [];
    const at: number[] = [];
    for (const f of files) {
      input.push(`diff --git a/${drawable(f.path)} b/${drawable(f.path)}`, `--- a/${drawable(f.path)}`, `+++ b/${drawable(f.path)}`);
      for (const h of f.hunks) {
        input.push(h.header);
        for (const l of h.lines) { at.push(input.length); input.push(`${l.kind === "add" ? "+" : l.kind === "del" ? "-" : l.kind === "note" ? "" : " "}${l.kind === "note" ? l.text : drawable(l.text)}`); }
      }
    }
    const out = await run(delta, ["--color-only", "--paging=never"], `${input.join("\n")}\n`, env).catch(() => null);
    // delta keeps the sign column: drop its first visible character.
    if (out && out.length === input.length) return at.map((i) => keepColours(out[i] ?? "").replace(/^((?:\x1b\[[0-9;]*m)*)[-+ ]/, "$1"));
  }
  const bat = which("bat", path) ?? which("batcat", path);
  if (!bat) return null;
  const coloured: string[] = [];
  for (const f of files) {
    const lines = f.hunks.flatMap((h) => h.lines.map((l) => (l.kind === "note" ? l.text : drawable(l.text))));
    if (lines.length === 0) continue;
    const out = await run(bat, ["--color=always", "--style=plain", "--paging=never", "--file-name", drawable(f.path)], `${lines.join("\n")}\n`, env).catch(() => null);
    if (!out || out.length !== lines.length) return null;
    coloured.push(...out.map(keepColours));
  }
  return coloured;
}
