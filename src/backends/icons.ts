import type { BackendName } from "./shared/types.ts";

/** Each backend's icon, on its own so the switcher can show icons without loading the backends. */
export const ICONS: Record<BackendName, string> = { claude: "✻", codex: "◎", opencode: "◇", gemini: "✦", generic: "▸" };

export function iconOf(backend: string): string {
  return Object.hasOwn(ICONS, backend) ? ICONS[backend as BackendName] : ICONS.generic;
}
