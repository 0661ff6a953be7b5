// The commands' actions that bring code the first frame does not need: they load on first use.

/** The worktree actions (git plumbing). */
export const worktreeActions = () => import("../worktrees.ts");
/** So do the Inbox's answers (src/inbox). */
export const inboxActions = () => import("../components/InboxActions.ts");
/** And the session switcher's (src/space). */
export const sessionActions = () => import("../components/SessionActions.ts");
/** And the palette's (plugin actions, src/plugin). */
export const paletteActions = () => import("../components/PaletteActions.ts");
/** And the sessionizer's (src/sessionizer). */
export const folderActions = () => import("../components/FolderActions.ts");
