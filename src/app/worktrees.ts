// The Worktrees view's actions: load the known repositories' worktrees into the store, `w` (a branch
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
import { mainWorktreesOf } from "../worktree/repo.ts";
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
import { NO_REPOSITORIES } from "./worktree-words.ts";

/** The picker's choice for a worktree without an agent. */
export const NO_AGENT = { id: "none", name: "just the worktree and its session" };

/** The repositories the view lists: the folder taw started in, when it is one, then those of
 * the server's panes (their main worktrees, each once). */
function knownRepos(state: DashState): Promise<string[]> {
  const panes = state.snapshot ? [...state.snapshot.panes.values()].map((pane) => pane.path) : [];
  return mainWorktreesOf([process.cwd(), ...panes]);
}

export async function refreshWorktrees(ctx: ActionContext): Promise<void> {
  const repos = await knownRepos(ctx.store.getState());
  const problems: string[] = [];
  const lists = await Promise.all(
    repos.map((repo) =>
      worktreeRecords(ctx.tmux, repo).catch((error: Error) => {
        problems.push(`${repo}: ${error.message}`);
        return [];
      }),
    ),
  );
  setWorktrees(ctx.store, repos, lists.flat());
  if (problems.length) showMessage(ctx.store, `could not list worktrees of ${problems.join("; ")}`, true);
}

/** Where `w` makes a worktree: the selected worktree's repository, else the first known. */
function repoFor(state: DashState): string | undefined {
  return selectedWorktree(state)?.repo ?? state.worktreeRepos?.[0];
}

/** `w`: ask for the branch. */
export function askNewWorktree(ctx: ActionContext): void {
  const repo = repoFor(ctx.store.getState());
  if (repo) openOverlay(ctx.store, { kind: "branch", repo });
  else showMessage(ctx.store, NO_REPOSITORIES, true);
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
  const { overlay } = ctx.store.getState();
  if (overlay.kind !== "remove-worktree") return;
  ctx.store.setState({ overlay: { kind: "none" }, input: "" });
  await attempt(ctx, async () => {
    const { removed } = await removeWorktree(ctx.tmux, {
      spec: overlay.path,
      // A worktree's folder names its repository.
      repo: overlay.path,
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
    const opened = await openWorktree(ctx.tmux, record.path, record.repo);
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
    const diff = await worktreeDiff(ctx.tmux, { spec: record.path, repo: record.repo });
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
