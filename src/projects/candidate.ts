/** One project a session can be started in. */
export interface ProjectCandidate {
  /** What the picker shows and the ranking model names: unique among the candidates of one account. */
  label: string;
  /** Where the session starts. */
  directory: string;
  /** The project's local clone: the directory itself for a repository or worktree, a registry entry's first repo_paths; null when it has none. */
  repository: string | null;
  /** Text the ranking model judges the project by (registry entries); null when the source records none. */
  description: string | null;
}
