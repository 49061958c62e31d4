/**
 * Whether agentmux may colour what it draws in a terminal (switcher, pickers, usage table):
 * not when NO_COLOR is set to anything but the empty string (https://no-color.org). Read on
 * each call, so a frame drawn after the variable changes follows it.
 */
export function colorAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env["NO_COLOR"];
  return value === undefined || value === "";
}

/** TEXT in SGR CODES ("1;31"), or plain when there is nothing to colour or colour is off. */
export function sgr(codes: string, text: string): string {
  return codes === "" || text === "" || !colorAllowed() ? text : `\x1b[${codes}m${text}\x1b[0m`;
}
