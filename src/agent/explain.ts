// Why taw reads a pane (or a saved screen) as it does: which process named the agent and
// why, every rule with the text it read, and the verdict (`taw agent explain`, herdr's
// agent.explain). Detection bugs are reported by users, so this evidence is a product.

import { hostname } from "node:os";
import { type Explanation, explain, type Signal } from "../detect/engine.ts";
import { identify } from "../detect/identity.ts";
import { loadManifests, type Manifest, type ManifestSet } from "../detect/manifest.ts";
import type { Identity, ProcessInfo } from "../detect/types.ts";
import { notFound, usageError } from "../errors.ts";
import { userManifestDir } from "../paths.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import { resolvePane } from "../tmux/server.ts";
import { readProcessTable } from "../watch/proctable.ts";

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

type Env = Record<string, string | undefined>;

export const manifestsFor = (env: Env) => loadManifests({ userDir: userManifestDir(env) });

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

export interface ExplainPaneInput {
  /** The pane as the user named it: resolved exactly here. */
  pane: string;
  /** Apply this agent kind's rules instead of the one identified. */
  agent?: string;
}

/** Why taw reads a live pane as it does. */
export async function explainPane(tmux: Tmux, input: ExplainPaneInput, env: Env): Promise<ExplainResult> {
  const manifests = manifestsFor(env);
  const paneText = input.pane;
  const pane = await resolvePane(tmux, paneText);
  const [info, screen] = await tmux.batch([
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
  const forced = input.agent;
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

export interface ExplainScreenInput {
  /** A saved screen (capture-pane -p). */
  screen: string;
  /** The agent kind whose rules read it. */
  agent: string;
  title?: string;
}

/** Why taw would read a saved screen as it does, by one agent's rules. */
export function explainScreen(input: ExplainScreenInput, env: Env): ExplainResult {
  const manifest = manifestOf(manifestsFor(env), input.agent);
  const title = input.title ?? "";
  return fromExplanation(explain(manifest, { screen: input.screen, title }), title);
}
