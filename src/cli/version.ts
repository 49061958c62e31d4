/** agentmux's version (package.json's; a unit test keeps them equal): --version prints it. */
export const VERSION = "0.1.0";
