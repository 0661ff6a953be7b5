// Writing recorded screens as fixtures: <case>.txt is the screen exactly as capture-pane -p
// printed it, <case>.json says what state it shows and where it came from.

import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { writeFileAtomic } from "../../src/fs.ts";
import type { AgentPane } from "./pane.ts";

export const FIXTURES_DIR = resolve(import.meta.dir, "../fixtures/screens");

export type FixtureState = "idle" | "working" | "blocked";

export interface FixtureMeta {
  agent: string;
  state: FixtureState;
  title: string;
  provenance: "recorded";
  agent_version: string;
  argv: string[];
  note: string;
  /** The rule expected to decide, added by hand after recording; kept on re-recording. */
  rule?: string;
  /** The pane's size when it is not the walk's 120×40 ("80x24"). */
  size?: string;
  /** The Inbox group the prompt is read into (first-run screens: "setup"). */
  group?: string;
}

export class Recorder {
  readonly written: string[] = [];

  constructor(
    readonly agent: string,
    readonly version: string,
  ) {}

  /** Capture the pane now and write it as fixture `name`. Returns the screen. */
  async capture(
    pane: AgentPane,
    name: string,
    state: FixtureState,
    note: string,
    extra: Pick<FixtureMeta, "size" | "group"> = {},
  ): Promise<string> {
    const [screen, title, argv] = await Promise.all([pane.screen(), pane.title(), pane.argv()]);
    this.write(name, screen, {
      agent: this.agent,
      state,
      title,
      provenance: "recorded",
      agent_version: this.version,
      argv,
      ...extra,
      note,
    });
    return screen;
  }

  /** Remove recorded cases this recording did not write: the walk no longer reaches them.
   * Documented fixtures beside them (screens of other versions, negatives) stay. */
  pruneStale(): void {
    const dir = `${FIXTURES_DIR}/${this.agent}`;
    for (const file of readdirSync(dir)) {
      const name = file.replace(/\.(txt|json)$/, "");
      if (name === file || this.written.includes(name) || !isRecorded(`${dir}/${name}.json`)) continue;
      rmSync(`${dir}/${file}`);
    }
  }

  write(name: string, screen: string, meta: FixtureMeta): void {
    const base = `${FIXTURES_DIR}/${this.agent}/${name}`;
    const rule = previousRule(`${base}.json`, meta.state);
    // The rule before the note, where the hand that added it put it: a re-recording's diff
    // then shows only what the agent drew differently.
    const { note, ...rest } = meta;
    const ordered = { ...rest, ...(rule ? { rule } : {}), note };
    writeFileAtomic(`${base}.txt`, screen);
    writeFileAtomic(`${base}.json`, `${JSON.stringify(ordered, null, 2)}\n`);
    this.written.push(name);
    console.log(
      `  ${this.agent}/${name}: ${meta.state}${meta.title ? ` (title ${JSON.stringify(meta.title)})` : ""}`,
    );
  }
}

/** The rule an earlier recording of this case was expected to decide by, when its state is unchanged. */
function previousRule(path: string, state: FixtureState): string | undefined {
  if (!existsSync(path)) return undefined;
  const old = JSON.parse(readFileSync(path, "utf8")) as Partial<FixtureMeta>;
  return old.state === state ? old.rule : undefined;
}

/** A case with no metadata left (its .json already removed) was recorded along with it. */
function isRecorded(path: string): boolean {
  if (!existsSync(path)) return true;
  return (JSON.parse(readFileSync(path, "utf8")) as Partial<FixtureMeta>).provenance === "recorded";
}
