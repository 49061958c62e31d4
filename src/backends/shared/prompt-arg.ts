/** A positional prompt that starts with "-" would be read as a flag: end the options first. */
export function positionalPrompt(prompt: string | undefined): string[] {
  if (prompt === undefined || prompt === "") return [];
  return prompt.startsWith("-") ? ["--", prompt] : [prompt];
}
