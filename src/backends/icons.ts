/**
 * Each backend's icon, on its own so the switcher can show icons without loading the backends
 * (each backend's `icon` is read from here; test/unit/backends.test.ts keeps the two in step).
 */
export const ICONS: Readonly<Record<string, string>> = { claude: "✻", codex: "◎", opencode: "◇", gemini: "✦", generic: "▸" };

export function iconOf(backend: string): string {
  return (Object.hasOwn(ICONS, backend) ? ICONS[backend] : undefined) ?? "▸";
}
