// taw worktree create|list|open|remove|merge|diff: git worktrees, each with its own tmux session.

import { checkLaunch, launchAgent } from "../agent/launch.ts";
import { loadConfig } from "../config/load.ts";
import { loadManifests } from "../detect/manifest.ts";
import { usageError } from "../errors.ts";
import { announceWorktree } from "../herdr/worktree-events.ts";
import { createWorktree } from "../worktree/create.ts";
import { worktreeDiff } from "../worktree/diff.ts";
import { mergeWorktree } from "../worktree/merge.ts";
import { openWorktree } from "../worktree/open.ts";
import { type WorktreeRecord, worktreeRecords } from "../worktree/record.ts";
import { removeWorktree } from "../worktree/remove.ts";
import { mainWorktree } from "../worktree/repo.ts";
import { describeDirty } from "../worktree/status.ts";
import { flagOrWord } from "./args.ts";
import { defineCommand } from "./command.ts";
import { table } from "./table.ts";

const REPO_FLAG = {
  repo: { type: "string", description: "a folder inside the repository (default: here)" },
} as const;

function requireSpec(positionals: string[], verb: string): string {
  const spec = positionals[0];
  if (!spec)
    throw usageError(
      `missing <worktree>: its branch, folder or session. Example: taw worktree ${verb} feat/login`,
    );
  return spec;
}

function moved(record: WorktreeRecord): string {
  if (record.ahead === null || record.behind === null) return "-";
  return `+${record.ahead} -${record.behind}`;
}

function worktreeRows(records: WorktreeRecord[]): string {
  return table(
    ["BRANCH", "SESSION", "CHANGES", "VS BASE", "PATH"],
    records.map((r) => [
      (r.branch ?? `(detached ${r.head.slice(0, 8)})`) + (r.main ? " (main)" : ""),
      r.session?.name ?? "closed",
      r.dirty ? describeDirty(r.changes) : "clean",
      r.base && !r.main ? `${moved(r)} ${r.base}` : "-",
      r.path,
    ]),
  );
}

export const worktreeCreate = defineCommand({
  path: ["worktree", "create"],
  summary: "a new branch in its own worktree, with a tmux session (and an agent with --agent)",
  positionals: ["[branch]"],
  flags: {
    branch: { type: "string", short: "b", description: "the new branch (or as the first word)" },
    base: {
      type: "string",
      description: "where the branch starts (default: the repository's current branch)",
    },
    agent: { type: "string", short: "a", description: "start this kind of agent in the session" },
    name: { type: "string", short: "n", description: "with --agent: a name for the agent" },
    ...REPO_FLAG,
  },
  async run(ctx) {
    const branch = flagOrWord(ctx.args, "branch", ctx.args.positionals[0]);
    if (!branch) throw usageError("missing the branch. Example: taw worktree create feat/login");
    const config = loadConfig(ctx.env).config;
    const kind = ctx.args.flags.agent as string | undefined;
    const context = { manifests: loadManifests(), config };
    const agent = kind && { kind, name: ctx.args.flags.name as string | undefined, env: ctx.env };
    const made = await createWorktree(ctx.tmux, {
      branch,
      base: ctx.args.flags.base as string | undefined,
      repo: ctx.args.flags.repo as string | undefined,
      worktreeDir: config.worktree.dir,
      agent: agent
        ? {
            check: () => checkLaunch(ctx.tmux, agent, context).then(() => undefined),
            start: (pane) => launchAgent(ctx.tmux, { ...agent, place: { kind: "pane", pane } }, context),
          }
        : undefined,
    });
    await announceWorktree(ctx.tmux, ctx.env, { kind: "created", worktree: made.worktree });
    return made;
  },
  render: (result) =>
    `${result.worktree.path}\nsession ${result.worktree.session?.name} (pane ${result.pane})`,
});

export const worktreeList = defineCommand({
  path: ["worktree", "list"],
  summary: "every worktree of the repository with its session, changes and distance from its base",
  flags: REPO_FLAG,
  async run(ctx) {
    const repo = await mainWorktree((ctx.args.flags.repo as string | undefined) ?? process.cwd());
    return worktreeRecords(ctx.tmux, repo);
  },
  render: worktreeRows,
});

export const worktreeOpen = defineCommand({
  path: ["worktree", "open"],
  summary: "the tmux session of an existing worktree (made when it has none)",
  positionals: ["<worktree>"],
  flags: REPO_FLAG,
  async run(ctx) {
    const spec = requireSpec(ctx.args.positionals, "open");
    const result = await openWorktree(ctx.tmux, spec, ctx.args.flags.repo as string | undefined);
    const event = { kind: "opened", worktree: result.worktree, alreadyOpen: !result.created } as const;
    await announceWorktree(ctx.tmux, ctx.env, event);
    return result;
  },
  render: (result) => `${result.created ? "made" : "already open:"} session ${result.worktree.session?.name}`,
});

export const worktreeRemove = defineCommand({
  path: ["worktree", "remove"],
  summary: "kill a worktree's session and remove its folder (its branch stays)",
  positionals: ["<worktree>"],
  flags: {
    force: {
      type: "boolean",
      short: "f",
      description: "remove it even with changes not committed (they are lost)",
    },
    "delete-branch": { type: "boolean", description: "delete its branch too, with any commits only it has" },
    ...REPO_FLAG,
  },
  async run(ctx) {
    const forced = ctx.args.flags.force === true;
    const result = await removeWorktree(ctx.tmux, {
      spec: requireSpec(ctx.args.positionals, "remove"),
      repo: ctx.args.flags.repo as string | undefined,
      force: forced,
      deleteBranch: ctx.args.flags["delete-branch"] === true,
    });
    await announceWorktree(ctx.tmux, ctx.env, { kind: "removed", worktree: result.removed, forced });
    return result;
  },
  render: (result) =>
    [
      `removed ${result.removed.path}`,
      result.session_killed ? `killed session ${result.removed.session?.name}` : "",
      result.branch_deleted
        ? `deleted branch ${result.removed.branch}`
        : `kept branch ${result.removed.branch ?? "(none)"}`,
    ]
      .filter(Boolean)
      .join("\n"),
});

export const worktreeMerge = defineCommand({
  path: ["worktree", "merge"],
  summary: "merge a worktree's branch into its base, then remove the worktree and its session",
  positionals: ["<worktree>"],
  flags: {
    into: { type: "string", description: "the branch to merge into (default: the base it was made from)" },
    rebase: {
      type: "boolean",
      description: 'rebase onto the base and fast-forward ([worktree] merge = "rebase")',
    },
    merge: { type: "boolean", description: 'a merge commit ([worktree] merge = "merge", the default)' },
    "delete-branch": { type: "boolean", description: "delete the branch once merged" },
    keep: { type: "boolean", description: "merge only: keep the worktree and its session" },
    ...REPO_FLAG,
  },
  async run(ctx) {
    const flags = ctx.args.flags;
    if (flags.rebase && flags.merge) throw usageError("give --rebase or --merge, not both");
    const configured = loadConfig(ctx.env).config.worktree.merge;
    const merged = await mergeWorktree(ctx.tmux, {
      spec: requireSpec(ctx.args.positionals, "merge"),
      repo: flags.repo as string | undefined,
      into: flags.into as string | undefined,
      strategy: flags.rebase ? "rebase" : flags.merge ? "merge" : configured,
      deleteBranch: flags["delete-branch"] === true,
      keep: flags.keep === true,
    });
    if (merged.removed)
      await announceWorktree(ctx.tmux, ctx.env, {
        kind: "removed",
        worktree: merged.worktree,
        forced: false,
      });
    return merged;
  },
  render: (result) =>
    [
      `${result.strategy === "rebase" ? "rebased and fast-forwarded" : "merged"} ${result.branch} into ${result.into} (${result.head.slice(0, 10)})`,
      result.removed ? "removed the worktree" : "kept the worktree",
      result.session_killed ? "killed its session" : "",
      result.branch_deleted ? `deleted branch ${result.branch}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
});

export const worktreeDiffCommand = defineCommand({
  path: ["worktree", "diff"],
  summary: "what a worktree changes against its base: files with line counts, then the patch",
  positionals: ["<worktree>"],
  flags: {
    base: { type: "string", description: "compare with this ref (default: the base it was made from)" },
    stat: { type: "boolean", description: "the files only, no patch" },
    ...REPO_FLAG,
  },
  run: (ctx) =>
    worktreeDiff(ctx.tmux, {
      spec: requireSpec(ctx.args.positionals, "diff"),
      repo: ctx.args.flags.repo as string | undefined,
      base: ctx.args.flags.base as string | undefined,
    }),
  render(result, ctx) {
    const counts = (n: number | null) => (n === null ? "-" : String(n));
    const files = result.files.map(
      (f) => `${f.status} ${counts(f.added).padStart(5)} ${counts(f.deleted).padStart(5)}  ${f.path}`,
    );
    const head = `${result.branch ?? result.worktree} against ${result.base} (from ${result.merge_base.slice(0, 10)}): ${result.files.length} file${result.files.length === 1 ? "" : "s"}`;
    return [head, ...files, ...(ctx.args.flags.stat || !result.patch ? [] : ["", result.patch])].join("\n");
  },
});

export const worktreeCommands = [
  worktreeCreate,
  worktreeList,
  worktreeOpen,
  worktreeRemove,
  worktreeMerge,
  worktreeDiffCommand,
];
