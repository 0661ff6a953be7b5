// The Worktrees view's actions: load the repository's worktrees into the store, `w` (a branch
// typed, then a kind picked, or no agent), `W` (a confirmation that says what would be lost),
// and Enter (the worktree's session, opened when closed). They call src/worktree, as
// `taw worktree …` does.

import { jumpToPane } from "../agent/jump.ts";
import { manifests } from "../agent/kinds.ts";
import { checkLaunch, launchAgent } from "../agent/launch.ts";
import { loadConfig } from "../config/load.ts";
import { announceWorktree } from "../herdr/worktree-events.ts";
import { createWorktree } from "../worktree/create.ts";
import { openWorktree } from "../worktree/open.ts";
import { worktreeRecords } from "../worktree/record.ts";
import { removeWorktree, whatWouldBeLost } from "../worktree/remove.ts";
import { mainWorktree } from "../worktree/repo.ts";
import { type ActionContext, attempt } from "./actions.ts";
import { kindChoices } from "./picker.ts";
import {
  type DashState,
  type Overlay,
  openOverlay,
  selectedWorktree,
  setWorktrees,
  showMessage,
  showProgress,
} from "./store.ts";

/** The picker's choice for a worktree without an agent. */
export const NO_AGENT = { id: "none", name: "just the worktree and its session" };

/** The repository the view shows: the one it showed, else the selected pane's, else taw's own folder. */
async function repoFor(state: DashState): Promise<string> {
  if (state.worktreeRepo) return state.worktreeRepo;
  const pane = state.snapshot?.panes.get(state.selected.agents);
  for (const dir of [pane?.path, process.cwd()]) {
    if (!dir) continue;
    try {
      return await mainWorktree(dir);
    } catch {
      // not in a repository: try the next place
    }
  }
  return mainWorktree(process.cwd());
}

export async function refreshWorktrees(ctx: ActionContext): Promise<void> {
  try {
    const repo = await repoFor(ctx.store.getState());
    setWorktrees(ctx.store, repo, await worktreeRecords(ctx.tmux, repo));
  } catch (error) {
    showMessage(ctx.store, (error as Error).message, true);
  }
}

/** `w`: ask for the branch. */
export async function askNewWorktree(ctx: ActionContext): Promise<void> {
  try {
    openOverlay(ctx.store, { kind: "branch", repo: await repoFor(ctx.store.getState()) });
  } catch (error) {
    showMessage(ctx.store, `${(error as Error).message}`, true);
  }
}

/** Enter on the branch: pick the agent kind (or none). */
export function askWorktreeAgent(ctx: ActionContext): void {
  const { overlay, input } = ctx.store.getState();
  if (overlay.kind !== "branch") return;
  const branch = input.trim();
  if (!branch) {
    showMessage(ctx.store, "type the new branch's name", true);
    return;
  }
  const kinds = [NO_AGENT, ...kindChoices(manifests(), loadConfig().config)];
  openOverlay(ctx.store, {
    kind: "picker",
    place: "worktree",
    paneId: "",
    sessionId: "",
    kinds,
    index: 0,
    branch,
    repo: overlay.repo,
  });
}

/** Enter in the picker: the worktree, its session, and the agent when one was picked. */
export async function createFromPicker(ctx: ActionContext, choice: string | undefined): Promise<void> {
  const { overlay } = ctx.store.getState();
  if (overlay.kind !== "picker" || overlay.place !== "worktree" || !overlay.branch) return;
  const { branch, repo } = overlay;
  ctx.store.setState({ overlay: { kind: "none" }, input: "" });
  if (!choice) {
    showMessage(ctx.store, "no agent kind matches", true);
    return;
  }
  const kind = choice === NO_AGENT.id ? undefined : choice;
  const config = loadConfig().config;
  const context = { manifests: manifests(), config };
  showProgress(ctx.store, `making worktree ${branch}…`);
  await attempt(ctx, async () => {
    const made = await createWorktree(ctx.tmux, {
      branch,
      repo,
      worktreeDir: config.worktree.dir,
      agent: kind
        ? {
            check: () => checkLaunch(ctx.tmux, { kind }, context).then(() => undefined),
            start: (pane) => launchAgent(ctx.tmux, { kind, place: { kind: "pane", pane } }, context),
          }
        : undefined,
    });
    await announceWorktree(ctx.tmux, process.env, { kind: "created", worktree: made.worktree });
    return `made worktree ${branch} in ${made.worktree.path}${kind ? ` with ${kind}` : ""}`;
  });
  await refreshWorktrees(ctx);
}

/** `W`: say what would be lost, as the worktree is now (read again), and ask. */
export async function askRemoveWorktree(ctx: ActionContext): Promise<void> {
  await refreshWorktrees(ctx);
  const record = selectedWorktree(ctx.store.getState());
  if (!record) {
    showMessage(ctx.store, "no worktree selected", true);
    return;
  }
  if (record.main) {
    showMessage(ctx.store, "that is the repository's own work tree; taw removes only added worktrees", true);
    return;
  }
  const overlay: Overlay = {
    kind: "remove-worktree",
    path: record.path,
    label: record.branch ?? record.path,
    lost: whatWouldBeLost(record, false),
  };
  openOverlay(ctx.store, overlay);
}

/** `y`: remove it, changes and all (the confirmation said so); its branch stays. */
export async function confirmRemoveWorktree(ctx: ActionContext): Promise<void> {
  const { overlay, worktreeRepo } = ctx.store.getState();
  if (overlay.kind !== "remove-worktree") return;
  ctx.store.setState({ overlay: { kind: "none" }, input: "" });
  await attempt(ctx, async () => {
    const { removed } = await removeWorktree(ctx.tmux, {
      spec: overlay.path,
      repo: worktreeRepo,
      force: true,
    });
    await announceWorktree(ctx.tmux, process.env, { kind: "removed", worktree: removed, forced: true });
    return `removed worktree ${overlay.label} (its branch stays)`;
  });
  await refreshWorktrees(ctx);
}

/** Enter: the worktree's session, made when it has none. */
export async function openSelectedWorktree(ctx: ActionContext): Promise<void> {
  const state = ctx.store.getState();
  const record = selectedWorktree(state);
  if (!record) {
    showMessage(ctx.store, "no worktree selected", true);
    return;
  }
  const ok = await attempt(ctx, async () => {
    const opened = await openWorktree(ctx.tmux, record.path, state.worktreeRepo);
    const event = { kind: "opened", worktree: opened.worktree, alreadyOpen: !opened.created } as const;
    await announceWorktree(ctx.tmux, process.env, event);
    const session = opened.worktree.session;
    if (!session) return `no session for ${record.path}`;
    const pane = (await ctx.tmux.run(["display-message", "-p", "-t", session.id, "#{pane_id}"])).trim();
    const jumped = await jumpToPane(ctx.tmux, pane, ctx.client);
    return `${opened.created ? "opened" : "went to"} session ${session.name}${jumped.switched_client ? "" : " (no tmux client to switch)"}`;
  });
  await refreshWorktrees(ctx);
  if (ok && ctx.store.getState().popup) ctx.quit();
}

/** `d`: the selected worktree's changes against its base, in a paged box. */
export async function openDiff(ctx: ActionContext): Promise<void> {
  const state = ctx.store.getState();
  const record = selectedWorktree(state);
  if (!record) {
    showMessage(ctx.store, "no worktree selected", true);
    return;
  }
  try {
    const { worktreeDiff } = await import("../worktree/diff.ts");
    const diff = await worktreeDiff(ctx.tmux, { spec: record.path, repo: state.worktreeRepo || record.repo });
    const { diffLines } = await import("./diff-lines.ts");
    openOverlay(ctx.store, {
      kind: "diff",
      title: ` ${record.branch ?? record.path} `,
      lines: diffLines(diff),
      top: 0,
      page: 1,
      maxTop: 0,
    });
  } catch (error) {
    showMessage(ctx.store, (error as Error).message, true);
  }
}
