/** A mistake in a manifest file, with its place and the fix. */
export interface ManifestProblem {
  file: string;
  line: number;
  col: number;
  /** The key, rules addressed by name: `rules.dialog.all[1].regex`. */
  key: string;
  message: string;
  fix: string;
}

/** `file:line:col: key: what (fix)`, like config errors. */
export function formatProblem(p: ManifestProblem): string {
  return `${p.file}:${p.line}:${p.col}: ${p.key}: ${p.message} (${p.fix})`;
}
