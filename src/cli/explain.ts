// taw agent explain | identify: the evidence for a verdict (src/agent/explain.ts), printed
// for people: which process named the agent and why, every rule with the text it read.

import { readFileSync } from "node:fs";
import { type ExplainResult, explainPane, explainScreen, manifestsFor } from "../agent/explain.ts";
import { type ArgvIdentity, identifyArgv } from "../detect/identity.ts";
import { notFound, TawError, usageError } from "../errors.ts";
import { readProcessTable } from "../watch/proctable.ts";
import { defineCommand } from "./command.ts";

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
    const file = ctx.args.flags.file as string | undefined;
    const pane = ctx.args.positionals[0];
    if (file !== undefined) {
      if (pane !== undefined) throw usageError("give a pane or --file, not both");
      const kind = ctx.args.flags.agent as string | undefined;
      if (!kind) throw usageError("--file needs --agent <kind>: the agent whose rules read the screen");
      const title = ctx.args.flags.title as string | undefined;
      return explainScreen({ screen: readScreenFile(file), agent: kind, title }, ctx.env);
    }
    if (pane === undefined) throw usageError("missing <pane> (or --file <screen.txt> --agent <kind>)");
    return explainPane(ctx.tmux, { pane, agent: ctx.args.flags.agent as string | undefined }, ctx.env);
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
    const found = identifyArgv(argv, manifestsFor(ctx.env));
    return { argv, ...(pid !== undefined ? { pid } : {}), ...(found ?? { reason: "names no known agent" }) };
  },
  render: (result) =>
    result.kind
      ? `${result.kind} (${result.via}${result.container ? ` in ${result.container}` : ""}): ${result.reason}`
      : `no agent: ${JSON.stringify(result.argv)} ${result.reason}`,
});

export const explainCommands = [agentExplain, agentIdentify];
