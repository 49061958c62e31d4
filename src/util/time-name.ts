/** A name made of a prefix and the local time of `now`: PREFIX-HHMMSS (forks, sides, worktrees). */
export function timeName(prefix: string, now: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${prefix}-${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
}
