// agent.explain in herdr's words: taw's explain object (src/agent/explain.ts) with herdr's
// fields beside it (`manifest_source`, `matched_rule`, `evaluated_rules`, `fallback_reason` …,
// as herdr's explain_to_json_value names them), and the text herdr's `agent explain` prints
// from them without --json.

import type { ExplainResult } from "../agent/explain.ts";

type Explain = Record<string, unknown>;

/** Lines of a rule's region, as herdr's one-string preview. */
const previewOf = (rule: ExplainResult["rules"][number]) => rule.preview.join("\n");

/** herdr's fields for taw's explanation; `manifest` is the file the agent's rules came from
 * (herdr's label: "bundled", or the override's path). */
export function herdrExplain(result: ExplainResult, manifest: string | null): Explain {
  const decided = result.rules.find((rule) => rule.decided);
  const signal = result.signal;
  return {
    ...result,
    manifest_source: result.agent ? manifest : null,
    manifest_version: null,
    matched_rule: decided ? { id: decided.id, region: decided.region, priority: decided.priority } : null,
    fallback_reason: !result.agent
      ? "no agent in front of this pane"
      : signal.kind === "none"
        ? "no rule matched"
        : null,
    skipped_update_reason:
      signal.kind === "report" ? `${signal.source}'s hook holds the state (${signal.state})` : null,
    evaluated_rules: result.rules.map((rule) => ({
      id: rule.id,
      matched: rule.matched,
      priority: rule.priority,
      region: rule.region,
      state: rule.state,
      evidence: { why: rule.why, region_bytes: previewOf(rule).length, region_preview: previewOf(rule) },
    })),
  };
}

const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);

/** What herdr's `agent explain <target>` prints without --json (--verbose adds every rule). */
export function explainText(explain: Explain, verbose: boolean): string[] {
  const lines = [
    `agent: ${text(explain.agent, "unknown")}`,
    `state: ${text(explain.state, "unknown")}`,
    `manifest: ${text(explain.manifest_source, "none")} ${text(explain.manifest_version, "unknown")}`,
  ];
  const rule = explain.matched_rule as { id: string; region: string; priority: number } | null;
  const rules = (explain.evaluated_rules ?? []) as {
    id: string;
    matched: boolean;
    priority: number;
    region: string;
    state: string;
    evidence: { why: string; region_bytes: number; region_preview: string };
  }[];
  if (rule) {
    lines.push(`rule: ${rule.id} (region=${rule.region} priority=${rule.priority})`);
    const preview = rules.find((r) => r.id === rule.id)?.evidence.region_preview;
    if (preview) lines.push(`evidence: ${JSON.stringify(preview)}`);
  } else lines.push("rule: none");
  for (const name of ["fallback_reason", "screen_detection_skip_reason", "skipped_update_reason", "warning"])
    if (typeof explain[name] === "string") lines.push(`${name}: ${explain[name]}`);
  if (!verbose || !rules.length) return lines;
  lines.push("evaluated_rules:");
  for (const r of rules) {
    lines.push(
      `  ${r.matched ? "✓" : "✗"} ${r.id} priority=${r.priority} region=${r.region} state=${r.state}`,
      `    matchers: ${r.evidence.why}`,
      `    region: bytes=${r.evidence.region_bytes} preview=${JSON.stringify(r.evidence.region_preview)}`,
    );
  }
  return lines;
}
