// What the Worktrees view and its `w` say when no repository is known. Its own module: the view
// loads the worktree actions (worktrees.ts) lazily, and they must not reach into a component.

/** Said when no repository is known: how to get one listed. */
export const NO_REPOSITORIES =
  "no git repositories on this server: start a session in a repository, or `taw worktree create --repo DIR --branch NAME`";
