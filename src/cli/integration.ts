// taw integration install|uninstall|list|status: the hooks and plugins that make agents
// report for themselves (src/integration). Paths follow $HOME and each agent's own
// variables, so a scratch HOME is all a test needs.

import { loadConfig } from "../config/load.ts";
import { loadManifests } from "../detect/manifest.ts";
import { notFound, usageError } from "../errors.ts";
import { findIntegration, INTEGRATIONS } from "../integration/registry.ts";
import type { Integration, Outcome } from "../integration/types.ts";
import { SKIP_CONTROL_SESSION } from "../tmux/control-session.ts";
import { AGENT_OPTIONS as O } from "../tmux/formats.ts";
import { publicPaneId } from "../tmux/ids.ts";
import { requireArg } from "./args.ts";
import { type CommandContext, defineCommand } from "./command.ts";
import { DEFAULT_TAW } from "./plugin.ts";
import { table } from "./table.ts";

const IDS = INTEGRATIONS.map((integration) => integration.id).join(", ");

function integrationOf(ctx: CommandContext, verb: string): Integration {
  const id = requireArg(ctx.args.positionals, 0, "agent", `taw integration ${verb} claude`);
  const integration = findIntegration(id);
  if (!integration) throw notFound("unknown_agent", `no integration for '${id}'; taw has: ${IDS}`);
  return integration;
}

/** The launcher the hooks run: $TAW_BIN when set (an install elsewhere), else this taw's. */
const tawOf = (ctx: CommandContext) => ctx.env.TAW_BIN || DEFAULT_TAW;

interface Change extends Outcome {
  agent: string;
  action: "install" | "uninstall";
}

const renderChange = (result: Change) => {
  const done = result.action === "install" ? "installed" : "removed";
  if (!result.changed)
    return result.action === "install"
      ? `${result.agent}: already installed`
      : `${result.agent}: nothing of taw's to remove`;
  const backups = result.backups.length ? `\nbackup: ${result.backups.join(", ")}` : "";
  return `${result.agent}: ${done} (${result.files.join(", ")})${backups}`;
};

export const integrationInstall = defineCommand({
  path: ["integration", "install"],
  summary: "write taw's hook into an agent's configuration, so the agent reports for itself",
  positionals: ["<agent>"],
  run: async (ctx): Promise<Change> => {
    const integration = integrationOf(ctx, "install");
    return { agent: integration.id, action: "install", ...integration.install(ctx.env, tawOf(ctx)) };
  },
  render: renderChange,
});

export const integrationUninstall = defineCommand({
  path: ["integration", "uninstall"],
  summary: "take taw's hook out of an agent's configuration (and nothing else)",
  positionals: ["<agent>"],
  run: async (ctx): Promise<Change> => {
    const integration = integrationOf(ctx, "uninstall");
    return { agent: integration.id, action: "uninstall", ...integration.uninstall(ctx.env) };
  },
  render: renderChange,
});

interface ListRow {
  agent: string;
  name: string;
  /** The agent's command, and whether it is on PATH here. */
  command: string | null;
  available: boolean;
  installed: boolean;
  reports: string;
  files: string[];
  checked_against: string;
  /** What to run: install it, or (installed) take it out. */
  run: string;
}

/** What installing gives, by what the hook reports. */
const GIVES: Record<string, string> = {
  state: "its state and session, told by the agent itself",
  session: "its session, for resume; state still read off the screen",
};

function rowsOf(ctx: CommandContext, only?: Integration): ListRow[] {
  const manifests = loadManifests();
  const { config } = loadConfig(ctx.env);
  return (only ? [only] : INTEGRATIONS).map((integration) => {
    const command = config.agents[integration.id]?.command ?? manifests.get(integration.id)?.command ?? null;
    const installed = integration.installed(ctx.env);
    return {
      agent: integration.id,
      name: integration.name,
      command,
      available: command !== null && Bun.which(command, { PATH: ctx.env.PATH ?? "" }) !== null,
      installed,
      reports: integration.reports,
      files: integration.files(ctx.env),
      checked_against: integration.checkedAgainst,
      run: `taw integration ${installed ? "uninstall" : "install"} ${integration.id}`,
    };
  });
}

export const integrationList = defineCommand({
  path: ["integration", "list"],
  summary: "every agent taw can integrate with: here or not, installed or not, what installing gives",
  run: async (ctx) => rowsOf(ctx),
  render: (rows) =>
    [
      table(
        ["AGENT", "HERE", "HOOK", "INSTALLING GIVES", "RUN"],
        rows.map((row) => [
          row.agent,
          row.available ? `${row.command} found` : `no ${row.command ?? row.agent} on PATH`,
          row.installed ? "installed" : "not installed",
          GIVES[row.reports] ?? row.reports,
          row.run,
        ]),
      ),
      "",
      "install writes a hook into the agent's own configuration (--json names the files); uninstall takes out only that",
    ].join("\n"),
});

interface PaneReport {
  pane_id: string;
  id: string;
  agent: string;
  source: string;
  /** When the pane's last report arrived (ms since the epoch). */
  reported_at: number;
}

interface Status {
  integrations: ListRow[];
  panes: PaneReport[];
  /** Why no pane could be read (no tmux server), when none could. */
  tmux_error?: string;
}

const FIELDS = ["#{session_id}", "#{pane_id}", `#{${O.kind}}`, `#{${O.source}}`, `#{${O.reportStamp}}`];

/** Every pane that holds a report: its stamp starts with the time it arrived. */
async function reportedPanes(ctx: CommandContext): Promise<{ panes: PaneReport[]; error?: string }> {
  const listing = await ctx.tmux.tryRun([
    "list-panes",
    "-a",
    "-f",
    SKIP_CONTROL_SESSION,
    "-F",
    FIELDS.join("\t"),
  ]);
  if (listing.error) return { panes: [], error: listing.error.message };
  const panes = listing.stdout
    .split("\n")
    .map((line) => line.split("\t"))
    .filter((fields) => fields.length === FIELDS.length && /^\d+-/.test(fields[4] ?? ""))
    .map(([session = "", pane = "", agent = "", source = "", stamp = ""]) => ({
      pane_id: pane,
      id: publicPaneId(session, pane),
      agent,
      source,
      reported_at: Number(stamp.split("-")[0]),
    }));
  return { panes };
}

/** A status asked about one agent. */
const only = (status: Status) => status.integrations.length === 1 && INTEGRATIONS.length > 1;

function ago(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds}s ago`;
  if (seconds < 7200) return `${Math.round(seconds / 60)}m ago`;
  return `${Math.round(seconds / 3600)}h ago`;
}

export const integrationStatus = defineCommand({
  path: ["integration", "status"],
  summary: "which integrations are installed, and when each pane's last report arrived",
  positionals: ["[agent]"],
  run: async (ctx): Promise<Status> => {
    const only = ctx.args.positionals[0] ? integrationOf(ctx, "status") : undefined;
    if (ctx.args.positionals.length > 1) throw usageError("integration status takes one agent at most");
    const { panes, error } = await reportedPanes(ctx);
    return {
      integrations: rowsOf(ctx, only),
      panes: panes.filter((pane) => !only || pane.agent === only.id),
      ...(error ? { tmux_error: error } : {}),
    };
  },
  render: (status) => {
    const installed = status.integrations.filter((row) => row.installed);
    const head = only(status)
      ? `${status.integrations[0]?.agent}: ${installed.length ? "installed" : "not installed"}`
      : `installed: ${installed.map((row) => row.agent).join(", ") || "none (taw integration install <agent>)"}`;
    if (status.tmux_error) return `${head}\nno pane read: ${status.tmux_error}`;
    if (!status.panes.length) return `${head}\nno pane has a report yet`;
    const now = Date.now();
    const rows = status.panes.map((pane) => [
      pane.id,
      pane.agent,
      pane.source,
      `${ago(now - pane.reported_at)} (${new Date(pane.reported_at).toISOString()})`,
    ]);
    return `${head}\n${table(["PANE", "AGENT", "SOURCE", "LAST REPORT"], rows)}`;
  },
});

export const integrationCommands = [
  integrationInstall,
  integrationUninstall,
  integrationList,
  integrationStatus,
];
