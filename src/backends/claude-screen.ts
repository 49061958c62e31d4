/**
 * Claude Code's screen, for the interrupt check: after Escape, Claude stops the turn without any
 * hook; the screen then shows its empty input prompt and no working spinner line.
 */
const SPINNER = /^\s*[·✢*✶✻✽]\s+\S.*…\s*\(\d+[smh]/m;
const PROMPT = /^\s*(?:│\s*)?❯[\s\u00a0]*(?:│\s*)?$/m;

export function claudeIdlePromptVisible(screen: string): boolean {
  const lines = screen.split("\n");
  while (lines.length > 0 && (lines[lines.length - 1] ?? "").trim() === "") lines.pop();
  const bottom = lines.slice(-12).join("\n");
  return PROMPT.test(bottom) && !SPINNER.test(bottom);
}
