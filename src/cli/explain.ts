// taw agent explain | identify: the evidence for a verdict. Detection bugs are reported by
// users, so the answer to "why does taw think this pane is idle?" is a product: which
// process named the agent and why, every rule with the text it read, and the verdict.

import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { type Explanation, explain, type Signal } from "../detect/engine.ts";
import { type ArgvIdentity, identify, identifyArgv } from "../detect/identity.ts";
import { loadManifests, type Manifest, type ManifestSet } from "../detect/manifest.ts";
import type { Identity, ProcessInfo } from "../detect/types.ts";
import { notFound, TawError, usageError } from "../errors.ts";
import { userManifestDir } from "../paths.ts";
import { target } from "../tmux/escape.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import { resolvePane } from "../tmux/server.ts";
import { readProcessTable } from "../watch/proctable.ts";
import { type CommandContext, defineCommand } from "./command.ts";

const FIELD_SEPARATOR = "\u001f";

export interface ExplainResult {
  agent: string | null;
  state: string;
  rule: string;
  pane?: string;
  title: string;
  identity?: Identity;
  foreground?: { pid: number; pgid: number; argv: string[] }[];
  /** What decided: the title, a screen region, or an agent's own report (which outranks both). */
  signal: ReportSignal | Signal;
  rules: Explanation["rules"];
  nearMisses: Explanation["nearMisses"];
}

/** The pane's state came from the agent's hook (`@agent_source` = `hook:<source>`). */
interface ReportSignal {
  kind: "report";
  source: string;
  state: string;
}

const manifestsFor = (ctx: CommandContext) => loadManifests({ userDir: userManifestDir(ctx.env) });

function manifestOf(manifests: ManifestSet, kind: string): Manifest {
  const manifest = manifests.get(kind);
  if (!manifest) {
    const kinds = manifests
      .all()
      .map((m) => m.id)
      .join(", ");
    throw usageError(`unknown agent kind '${kind}'. Known kinds: ${kinds}`);
  }
  return manifest;
}

function readScreenFile(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new TawError(
      "file_unreadable",
      `cannot read the screen file '${path}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Save one with 'tmux capture-pane -p > screen.txt'.`,
    );
  }
}

function fromExplanation(explanation: Explanation, title: string): ExplainResult {
  return {
    agent: explanation.agent,
    state: explanation.verdict.state,
    rule: explanation.verdict.rule,
    title,
    signal: explanation.signal,
    rules: explanation.rules,
    nearMisses: explanation.nearMisses,
  };
}

async function explainPane(
  ctx: CommandContext,
  paneText: string,
  manifests: ManifestSet,
): Promise<ExplainResult> {
  const pane = await resolvePane(ctx.tmux, paneText);
  const [info, screen] = await ctx.tmux.batch([
    [
      "display-message",
      "-p",
      "-t",
      target(pane),
      [
        "#{pane_pid}",
        "#{pane_title}",
        `#{${AGENT_OPTIONS.kindHint}}`,
        `#{${AGENT_OPTIONS.source}}`,
        `#{${AGENT_OPTIONS.state}}`,
      ].join(FIELD_SEPARATOR),
    ],
    ["capture-pane", "-p", "-t", target(pane)],
  ]);
  if (!info?.ok || !screen?.ok) throw notFound("pane_not_found", `pane ${paneText} closed while it was read`);
  const [pidText = "", rawTitle = "", hint = "", source = "", reported = ""] =
    info.output.split(FIELD_SEPARATOR);
  // tmux titles an untitled pane with the host name: that is no title.
  const title = rawTitle === hostname() ? "" : rawTitle;
  const foreground = readProcessTable().foregroundOf(Number(pidText));
  const forced = ctx.args.flags.agent as string | undefined;
  const identity = forced
    ? { kind: manifestOf(manifests, forced).id, pid: 0, via: "hint" as const, reason: "named by --agent" }
    : identify(foreground, manifests, hint || undefined);
  const members = foreground.map((p: ProcessInfo) => ({ pid: p.pid, pgid: p.pgid, argv: p.argv }));
  if (!identity) {
    const signal = { kind: "none" as const, regions: [] };
    const empty = { rules: [], nearMisses: [] };
    return { agent: null, state: "unknown", rule: "", pane, title, foreground: members, signal, ...empty };
  }
  const explanation = explain(manifestOf(manifests, identity.kind), { screen: `${screen.output}\n`, title });
  const result = { ...fromExplanation(explanation, title), pane, identity, foreground: members };
  // A hook's report stands until the agent reports again: the screen only explains what it would say.
  if (source.startsWith("hook:"))
    result.signal = { kind: "report", source: source.slice("hook:".length), state: reported };
  return result;
}

export const agentExplain = defineCommand({
  path: ["agent", "explain"],
  summary: "why taw reads a pane (or a saved screen) as it does: identity, every rule, the verdict",
  positionals: ["[pane]"],
  usage: "(or --file <screen.txt> --agent <kind>)",
  flags: {
    file: { type: "string", description: "a saved screen (capture-pane -p) instead of a pane" },
    agent: { type: "string", description: "the agent kind whose rules to apply" },
    title: { type: "string", description: "the pane title to go with --file" },
  },
  async run(ctx): Promise<ExplainResult> {
    const manifests = manifestsFor(ctx);
    const file = ctx.args.flags.file as string | undefined;
    const pane = ctx.args.positionals[0];
    if (file !== undefined) {
      if (pane !== undefined) throw usageError("give a pane or --file, not both");
      const kind = ctx.args.flags.agent as string | undefined;
      if (!kind) throw usageError("--file needs --agent <kind>: the agent whose rules read the screen");
      const manifest = manifestOf(manifests, kind);
      const title = (ctx.args.flags.title as string | undefined) ?? "";
      return fromExplanation(explain(manifest, { screen: readScreenFile(file), title }), title);
    }
    if (pane === undefined) throw usageError("missing <pane> (or --file <screen.txt> --agent <kind>)");
    return explainPane(ctx, pane, manifests);
  },
  render: renderExplanation,
});

function renderExplanation(result: ExplainResult): string {
  const lines: string[] = [];
  if (result.pane) lines.push(`pane      ${result.pane}`);
  if (result.foreground) {
    const front = result.foreground.map((p) => `${p.pid} ${p.argv.join(" ")}`).join("\n          ");
    lines.push(`front     ${front || "(nothing)"}`);
  }
  if (result.identity)
    lines.push(`identity  ${result.identity.kind} via ${result.identity.via}: ${result.identity.reason}`);
  if (!result.agent) {
    lines.push("verdict   unknown: no agent in front of this pane");
    return lines.join("\n");
  }
  lines.push(`title     ${JSON.stringify(result.title)}`, "");
  for (const rule of result.rules) {
    const mark = rule.decided ? "=>" : rule.matched ? "+ " : "  ";
    lines.push(
      `${mark} ${rule.id} [${rule.state}, priority ${rule.priority}, ${rule.region}, ${rule.regionLines} lines]`,
    );
    lines.push(`     ${rule.why}`);
    for (const line of rule.preview) lines.push(`     | ${line}`);
  }
  lines.push(
    "",
    `verdict   ${result.state} (rule ${result.rule})`,
    `signal    ${describeSignal(result.signal)}`,
  );
  if (result.nearMisses.length > 0) {
    lines.push("near-misses (their text is on screen; a gate or their region kept them out):");
    for (const miss of result.nearMisses)
      lines.push(`  ${miss.id} [${miss.state}, by ${miss.by}] ${miss.why}`);
  }
  return lines.join("\n");
}

function describeSignal(signal: ExplainResult["signal"]): string {
  switch (signal.kind) {
    case "report":
      return `report from ${signal.source}'s hook (${signal.state}); it outranks the screen until the agent reports again`;
    case "title":
      return "the pane title";
    case "screen":
      return `the screen, region ${signal.regions.join(" + ")}`;
    case "none":
      return "none: no rule matched";
  }
}

interface IdentifyResult extends Partial<ArgvIdentity> {
  argv: string[];
  pid?: number;
  kind?: string;
}

function parseArgvFlag(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw usageError(
      `--argv is not valid JSON (${(error as Error).message}). Example: --argv '["node","/x/codex.js"]'`,
    );
  }
  if (!Array.isArray(value) || value.length === 0 || !value.every((word) => typeof word === "string")) {
    throw usageError(`--argv must be a JSON array of strings, such as '["claude","--resume"]'`);
  }
  return value;
}

export const agentIdentify = defineCommand({
  path: ["agent", "identify"],
  summary: "the agent a command line (or a running process) names, and why",
  flags: {
    argv: { type: "string", description: "a JSON array: the command line to identify" },
    pid: { type: "number", description: "a running process to identify by its argv" },
  },
  async run(ctx): Promise<IdentifyResult> {
    const argvText = ctx.args.flags.argv as string | undefined;
    const pid = ctx.args.flags.pid as number | undefined;
    if ((argvText === undefined) === (pid === undefined))
      throw usageError("give --argv '<json array>' or --pid <n>");
    let argv: string[];
    if (argvText !== undefined) argv = parseArgvFlag(argvText);
    else {
      const process = readProcessTable().byPid.get(pid as number);
      if (!process) throw notFound("process_not_found", `no process with pid ${pid}`);
      argv = process.argv.length > 0 ? process.argv : [process.name];
    }
    const found = identifyArgv(argv, manifestsFor(ctx));
    return { argv, ...(pid !== undefined ? { pid } : {}), ...(found ?? { reason: "names no known agent" }) };
  },
  render: (result) =>
    result.kind
      ? `${result.kind} (${result.via}${result.container ? ` in ${result.container}` : ""}): ${result.reason}`
      : `no agent: ${JSON.stringify(result.argv)} ${result.reason}`,
});

export const explainCommands = [agentExplain, agentIdentify];
