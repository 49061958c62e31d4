/**
 * Ask a yes/no question on the terminal (on stderr, so stdout stays the command's result), with
 * @inquirer/prompts' confirm: y or yes is yes; Enter alone, anything else and Ctrl-C are no.
 * Loaded when a question is asked, never at start-up.
 */
export async function confirm(question: string): Promise<boolean> {
  const { confirm: ask } = await import("@inquirer/prompts");
  try {
    return await ask({
      message: question,
      default: false,
      // "[y/N]" after the question as before, kept on the answered line ("... [y/N] no") so the
      // screen reads the same while a kill popup stays open after a no.
      theme: { style: { defaultAnswer: (text: string) => `[${text}]`, message: (text: string, status: string) => (status === "done" ? `${text} [y/N]` : text) } },
      transformer: (answer: boolean) => (answer ? "yes" : "no"),
    }, { output: process.stderr, clearPromptOnDone: false });
  } catch (error) {
    // Ctrl-C (ExitPromptError) or a closed terminal: the answer is no.
    if (error instanceof Error && (error.name === "ExitPromptError" || error.name === "AbortPromptError")) return false;
    throw error;
  }
}
