/**
 * The pane an inbox item of a stateless chief nudge names (src/chief/loop.ts): it is no session's,
 * so the inbox dismisses it (Enter, z) instead of going there; a reply is `agentmux chief note`.
 */
export const CHIEF_ITEM = "chief";
