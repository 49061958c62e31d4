/** Quote one word for POSIX sh: always single quotes, so any path or command survives. */
export function shQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * Split a simple sh command line into words, removing quotes and backslashes the way sh would.
 * No expansion, no operators: enough to see which program a command runs.
 */
export function shWords(command: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let i = 0;
  while (i < command.length) {
    const c = command[i] as string;
    if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      i += 1;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      const stop = end === -1 ? command.length : end;
      word = (word ?? "") + command.slice(i + 1, stop);
      i = stop + 1;
    } else if (c === '"') {
      word ??= "";
      i += 1;
      while (i < command.length && command[i] !== '"') {
        if (command[i] === "\\" && /[$`"\\\n]/.test(command[i + 1] ?? "")) i += 1;
        word += command[i] ?? "";
        i += 1;
      }
      i += 1;
    } else if (c === "\\") {
      word = (word ?? "") + (command[i + 1] ?? "");
      i += 2;
    } else {
      word = (word ?? "") + c;
      i += 1;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}
