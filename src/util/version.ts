/** agentmux's version (package.json's; a unit test keeps them equal): --version prints it, the daemon reports it. */
export const VERSION = "0.1.0";
