/** The pane option holding the commit a session's directory was at when it started (`agentmux diff` in a plain checkout). */
export const BASE_OPTION = "@agentmux-base";
