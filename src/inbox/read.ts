// Reading what a blocked agent asks, now: one capture of its screen and title, its
// manifest's rules to name the blocked rule, and the manifest's [[prompts]] to read the
// prompt. Used by the inbox list, by the answer path before and right before typing, and by
// the auto-approver. Never on the engine's tick.

import { evaluate } from "../detect/engine.ts";
import { loadManifests, type Manifest, type ManifestSet } from "../detect/manifest.ts";
import type { Prompt } from "../detect/prompt.ts";
import { readPrompt } from "../detect/prompt.ts";
import { loadPromptSpecs, type PromptSpec } from "../detect/prompt-schema.ts";
import type { DetectedState } from "../detect/types.ts";
import { notFound } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";

/** The title a program set; empty when tmux shows only the host name (as the engine reads it). */
const TITLE_FORMAT = "#{?#{==:#{pane_title},#{host}},,#{pane_title}}";

export interface PaneRead {
  /** What the screen says now, by the agent's manifest. */
  state: DetectedState | "keep";
  rule: string;
  prompt?: Prompt;
  /** Short id of the prompt (rule, words and options): what a caller saw is what it answers. */
  promptId?: string;
  screen: string;
}

/** Manifests and their prompt specs, loaded once per process. */
export class PromptReader {
  private manifests: ManifestSet | undefined;
  private readonly specs = new Map<string, PromptSpec[]>();

  constructor(private readonly load: () => ManifestSet = () => loadManifests()) {}

  manifest(kind: string): Manifest | undefined {
    this.manifests ??= this.load();
    return this.manifests.get(kind);
  }

  specsFor(manifest: Manifest): PromptSpec[] {
    let specs = this.specs.get(manifest.file);
    if (!specs) {
      specs = loadPromptSpecs(manifest.file).specs;
      this.specs.set(manifest.file, specs);
    }
    return specs;
  }

  /** Read pane `paneId` (tmux id) running agent `kind`; undefined when no manifest knows it.
   * The same read as the inbox's (readAll), so `answer` sees the prompt id the inbox showed. */
  async read(tmux: Tmux, paneId: string, kind: string): Promise<PaneRead | undefined> {
    if (!this.manifest(kind)) return undefined;
    const read = (await this.readAll(tmux, [{ paneId, kind }])).get(paneId);
    if (!read) throw notFound("not_found", `pane ${paneId} closed while it was being read`);
    return read;
  }

  /** Many panes in one tmux process (and one more after each command that fails: a pane that
   * closed meanwhile); a process per pane stalled the dashboard for half a second at 125
   * blocked agents. A pane that closed, or whose kind no manifest knows, has no entry. */
  async readAll(tmux: Tmux, panes: { paneId: string; kind: string }[]): Promise<Map<string, PaneRead>> {
    const known = panes.flatMap(({ paneId, kind }) => {
      const manifest = this.manifest(kind);
      return manifest ? [{ paneId, manifest }] : [];
    });
    const reads = new Map<string, PaneRead>();
    if (known.length === 0) return reads;
    const results = await tmux.batch(
      known.flatMap(({ paneId }) => [
        ["capture-pane", "-p", "-t", target(paneId)],
        ["display-message", "-p", "-t", target(paneId), TITLE_FORMAT],
      ]),
    );
    known.forEach(({ paneId, manifest }, index) => {
      const [screen, title] = [results[2 * index], results[2 * index + 1]];
      if (!screen?.ok || !title?.ok) return;
      reads.set(paneId, readScreen(manifest, this.specsFor(manifest), screen.output, title.output));
    });
    return reads;
  }
}

export function readScreen(manifest: Manifest, specs: PromptSpec[], screen: string, title: string): PaneRead {
  const input = { screen, title };
  const verdict = evaluate(manifest, input);
  const prompt = verdict.state === "blocked" ? readPrompt(specs, verdict.rule, input) : undefined;
  return { state: verdict.state, rule: verdict.rule, prompt, promptId: prompt && promptId(prompt), screen };
}

/** Eight hex digits of the prompt's fingerprint. */
export const promptId = (prompt: Prompt) =>
  (Bun.hash(prompt.fingerprint) & 0xffffffffn).toString(16).padStart(8, "0");
