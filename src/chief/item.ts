/**
 * The pane an inbox item of a stateless chief nudge names (src/chief/loop.ts): it is no session's,
 * so the inbox dismisses it (Enter, z) or notes a reply in the state file (r) instead of going there.
 */
export const CHIEF_ITEM = "chief";
