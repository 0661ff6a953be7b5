// taw session save|list|restore: sessions survive a restart of the tmux server.

import { loadConfig } from "../config/load.ts";
import type { ResumeAgents } from "../config/types.ts";
import { loadManifests } from "../detect/manifest.ts";
import { notFound, TawError, usageError } from "../errors.ts";
import { attachTo } from "../session/attach.ts";
import { offeredResumes, resumeOffered } from "../session/offered.ts";
import { claimStartRestore, RESTORE_SWITCH, waitForFirstSession } from "../session/on-start.ts";
import { liveSessions, type RestoreReport, restoreSaved } from "../session/restore-all.ts";
import { saveSessions } from "../session/save.ts";
import { forgetSaved, readSaved, serverName } from "../session/store.ts";
import { resolvePane } from "../tmux/server.ts";
import { type CommandContext, defineCommand } from "./command.ts";
import { table } from "./table.ts";

export const sessionSave = defineCommand({
  path: ["session", "save"],
  summary: "save sessions (every one, or those named) to restore after the server stops",
  positionals: ["[name]…"],
  run: (ctx) =>
    saveSessions(ctx.tmux, ctx.env, loadConfig(ctx.env).config.sessions, { names: ctx.args.positionals }),
  render: (saved) =>
    saved.length === 0
      ? "no sessions to save"
      : saved
          .map(
            (s) =>
              `saved ${s.session}: ${s.windows} windows, ${s.panes} panes, ${s.agents} agents, ${s.histories} histories → ${s.file}`,
          )
          .join("\n"),
});

interface SessionListing {
  sessions: {
    name: string;
    /** Its space label (taw space set), null when it has none. */
    space: string | null;
    live: boolean;
    saved_at: string;
    windows: number;
    panes: number;
    agents: number;
    file: string;
  }[];
  archived: string[];
}

/** Grouped by space: the sessions with none first, then each space's, in name order. */
function renderList({ sessions, archived }: SessionListing): string {
  const bySpace = [...sessions].sort((a, b) => (a.space ?? "").localeCompare(b.space ?? ""));
  return [
    sessions.length === 0
      ? "no saved sessions"
      : table(
          ["SPACE", "SESSION", "LIVE", "SAVED", "WINDOWS", "PANES", "AGENTS"],
          bySpace.map((s, i) => [
            s.space !== (bySpace[i - 1]?.space ?? null) || i === 0 ? (s.space ?? "-") : "",
            s.name,
            s.live ? "live" : "-",
            s.saved_at,
            String(s.windows),
            String(s.panes),
            String(s.agents),
          ]),
        ),
    ...archived.map((message) => `archived ${message}`),
  ].join("\n");
}

export const sessionList = defineCommand({
  path: ["session", "list"],
  summary: "saved sessions, whether each is live, and when it was saved",
  async run(ctx): Promise<SessionListing> {
    const { saved, archived } = readSaved(ctx.env, serverName(ctx.tmux, ctx.env));
    const live = new Set(await liveSessions(ctx.tmux));
    const sessions = saved.map(({ session, file }) => ({
      name: session.name,
      space: session.space ?? null,
      live: live.has(session.name),
      saved_at: session.saved_at,
      windows: session.windows.length,
      panes: session.windows.reduce((sum, window) => sum + window.panes.length, 0),
      agents: session.windows.flatMap((w) => w.panes).filter((pane) => pane.agent).length,
      file,
    }));
    return { sessions, archived };
  },
  render: renderList,
});

function renderRestore(report: RestoreReport, typed: boolean): string {
  const lines: string[] = [];
  for (const session of report.restored) {
    lines.push(`restored ${session.session}: ${session.windows} windows, ${session.panes} panes`);
    for (const folder of session.missing_folders) lines.push(`  folder gone: ${folder}`);
    for (const warning of session.warnings) lines.push(`  ${warning}`);
    if (!typed)
      for (const plan of session.resumable)
        lines.push(`  to resume the ${plan.agent.kind || "agent"} in ${plan.pane}, type: ${plan.line}`);
  }
  for (const session of report.merged) {
    lines.push(`merged ${session.session}: ${session.windows} windows, ${session.panes} panes added`);
    for (const pane of session.panes_added) lines.push(`  pane back in window ${pane.window}: ${pane.cwd}`);
    for (const folder of session.missing_folders) lines.push(`  folder gone: ${folder}`);
  }
  for (const name of report.live) lines.push(`${name} is live: left as it is`);
  for (const resumed of report.resumed)
    lines.push(
      resumed.error
        ? `could not resume in ${resumed.pane}: ${resumed.error}`
        : `resumed in ${resumed.pane}: ${resumed.line}`,
    );
  for (const failed of report.failed) lines.push(`could not restore ${failed.session}: ${failed.error}`);
  for (const message of report.archived) lines.push(`archived ${message}`);
  return lines.join("\n") || "no saved sessions";
}

type Restored = RestoreReport & { resume_agents: ResumeAgents };

/** Restore, then attach to the first named (or restored, or live) session when asked. */
async function restore(
  ctx: CommandContext,
  names: string[],
  all: boolean,
  attach: boolean,
  more: { merge?: boolean; from?: string } = {},
): Promise<Restored> {
  const config = loadConfig(ctx.env).config.sessions;
  const resumeAgents = config.resume_agents;
  const keep = { keep: config.keep_saves, days: config.keep_saves_days };
  const report = await restoreSaved(ctx.tmux, ctx.env, {
    names,
    all,
    merge: more.merge,
    from: more.from === undefined ? undefined : { id: more.from, keep },
    resumeAgents,
    manifests: loadManifests(),
  });
  const first = names[0] ?? report.restored[0]?.session ?? report.live[0];
  if (attach && first && !report.failed.some((f) => f.session === first))
    await attachTo(ctx.tmux, first, ctx.env);
  return { ...report, resume_agents: resumeAgents };
}

const restoreFailure = (report: Restored) =>
  report.failed.length > 0
    ? new TawError(
        "restore_failed",
        `${report.failed.length} session(s) could not be restored: ${report.failed.map((f) => f.session).join(", ")}`,
      )
    : undefined;

export const sessionRestore = defineCommand({
  path: ["session", "restore"],
  summary: "remake saved sessions (a live one is left as it is) and offer or resume their agents",
  positionals: ["[name]…"],
  usage: "(or --all)",
  flags: {
    all: { type: "boolean", description: "every saved session" },
    attach: { type: "boolean", description: "attach to the (first) session afterwards" },
    from: {
      type: "string",
      description: "an earlier save of the one session named, by its id (taw session history)",
    },
    merge: {
      type: "boolean",
      description:
        "into a live session, add the saved windows and panes it lacks (the live ones are left as they are)",
    },
  },
  run(ctx) {
    const names = ctx.args.positionals;
    const all = ctx.args.flags.all === true;
    if (all === names.length > 0)
      throw usageError(
        "name the sessions to restore, or give --all (not both). Example: taw session restore work",
      );
    const from = ctx.args.flags.from as string | undefined;
    if (from !== undefined && names.length !== 1)
      throw usageError(
        "--from restores an earlier save of one session: name it. Example: taw session restore work --from <id>",
      );
    return restore(ctx, names, all, ctx.args.flags.attach === true, {
      merge: ctx.args.flags.merge === true,
      from,
    });
  },
  render: (report) => renderRestore(report, report.resume_agents === "always"),
  failure: restoreFailure,
});

export const sessionForget = defineCommand({
  path: ["session", "forget"],
  summary: "delete a session's saved state, so a restore never brings it back",
  positionals: ["<name>…"],
  run(ctx) {
    const names = ctx.args.positionals;
    const { saved } = readSaved(ctx.env, serverName(ctx.tmux, ctx.env));
    const missing = names.filter((name) => !saved.some((file) => file.session.name === name));
    if (missing.length > 0)
      throw notFound(
        "session_not_saved",
        `no saved session '${missing.join("', '")}'; nothing was deleted. 'taw session list' shows the saved ones.`,
      );
    for (const file of saved) if (names.includes(file.session.name)) forgetSaved(file.file);
    return Promise.resolve({ forgotten: names });
  },
  render: ({ forgotten }) => forgotten.map((name) => `forgot ${name}`).join("\n"),
});

type Resurrected = { list: SessionListing } | { restored: Restored };

export const resurrectCommand = defineCommand<Resurrected>({
  path: ["resurrect"],
  summary: "tuios's resurrect: the saved sessions, or with a name, restore it and attach",
  positionals: ["[name]"],
  async run(ctx) {
    const name = ctx.args.positionals[0];
    if (!name) return { list: await sessionList.run(ctx) };
    return { restored: await restore(ctx, [name], false, true) };
  },
  render: (result) =>
    "list" in result
      ? renderList(result.list)
      : renderRestore(result.restored, result.restored.resume_agents === "always"),
  toJson: (result) => ("list" in result ? result.list : result.restored),
  failure: (result) => ("restored" in result ? restoreFailure(result.restored) : undefined),
});

export const sessionResume = defineCommand({
  path: ["session", "resume"],
  summary: "type the resume command a restore offered (resume_agents ask/never) into the pane",
  positionals: ["[pane]…"],
  usage: "(or --all)",
  flags: { all: { type: "boolean", description: "every pane with a resume waiting" } },
  async run(ctx) {
    const names = ctx.args.positionals;
    const all = ctx.args.flags.all === true;
    if (all === names.length > 0)
      throw usageError(
        "name the panes to resume in, or give --all (not both). Example: taw session resume %3",
      );
    const offered = await offeredResumes(ctx.tmux);
    let chosen = offered;
    if (!all) {
      const ids = await Promise.all(names.map((name) => resolvePane(ctx.tmux, name)));
      const missing = names.filter((_, i) => !offered.some((o) => o.pane === ids[i]));
      if (missing.length > 0)
        throw notFound(
          "no_resume_offered",
          `no resume waiting in ${missing.join(", ")}; nothing was typed. 'taw session resume --all' types every waiting one.`,
        );
      chosen = offered.filter((o) => ids.includes(o.pane));
    }
    return { resumed: await resumeOffered(ctx.tmux, chosen, loadManifests()) };
  },
  render: ({ resumed }) =>
    resumed.length === 0
      ? "no resume waiting"
      : resumed
          .map((r) =>
            r.error ? `could not resume in ${r.pane}: ${r.error}` : `resumed in ${r.pane}: ${r.line}`,
          )
          .join("\n"),
  failure: ({ resumed }) =>
    resumed.some((r) => r.error)
      ? new TawError("resume_failed", `${resumed.filter((r) => r.error).length} resume(s) did not start`)
      : undefined,
});

type StartRestore = { restored: Restored } | { skipped: "off" | "already" };

export const sessionRestoreOnStart = defineCommand<StartRestore>({
  path: ["session", "restore-on-start"],
  summary: `what the plugin runs: with ${RESTORE_SWITCH} on, restore every saved session once per server`,
  async run(ctx) {
    const decision = await claimStartRestore(ctx.tmux);
    if (decision.restore) {
      await waitForFirstSession(ctx.tmux);
      return { restored: await restore(ctx, [], true, false) };
    }
    if (decision.reason === "bad_value")
      throw usageError(
        `${RESTORE_SWITCH} is '${decision.value}'; set it to on or off (tmux set -g ${RESTORE_SWITCH} on). Nothing was restored.`,
      );
    return { skipped: decision.reason };
  },
  render: (result) =>
    "skipped" in result
      ? result.skipped === "off"
        ? `${RESTORE_SWITCH} is off: nothing restored`
        : "this server's saved sessions were restored when it started: nothing restored again"
      : renderRestore(result.restored, result.restored.resume_agents === "always"),
  failure: (result) => ("restored" in result ? restoreFailure(result.restored) : undefined),
});

export const sessionCommands = [
  sessionSave,
  sessionList,
  sessionRestore,
  sessionRestoreOnStart,
  sessionResume,
  sessionForget,
  resurrectCommand,
];
