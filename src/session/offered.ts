// The resumes a restore offered and did not type ([sessions] resume_agents "ask" or "never"):
// the panes that hold @agent_restore_resume. Resuming one types its line as "always" does,
// for the CLI (`taw session resume`) and the dashboard's key alike.

import type { ManifestSet } from "../detect/manifest.ts";
import type { Tmux } from "../tmux/client.ts";
import { freeTextColumn } from "../tmux/escape.ts";
import { AGENT_OPTIONS as O } from "../tmux/formats.ts";
import { REPORT_OPTIONS as R } from "../watch/report.ts";
import { RESTORE_RESUME_OPTION, typeResume } from "./resume.ts";

export interface Offered {
  pane: string;
  line: string;
  kind: string;
  name: string;
}

const OFFERED_FORMAT = [
  "#{pane_id}",
  freeTextColumn(RESTORE_RESUME_OPTION),
  freeTextColumn(R.resumeAgent),
  freeTextColumn(O.name),
].join("\t");

/** Every pane of the server with a resume waiting, in tmux's order. */
export async function offeredResumes(tmux: Tmux): Promise<Offered[]> {
  const listed = await tmux.run(["list-panes", "-a", "-F", OFFERED_FORMAT]);
  return listed
    .split("\n")
    .map((row) => row.split("\t"))
    .filter((fields) => fields.length === 4 && fields[1] !== "")
    .map(([pane = "", line = "", kind = "", name = ""]) => ({ pane, line, kind, name }));
}

export interface Resumed {
  pane: string;
  line: string;
  error?: string;
}

/** Type each offered resume (all at once: each waits for its own pane). */
export function resumeOffered(tmux: Tmux, offered: Offered[], manifests: ManifestSet): Promise<Resumed[]> {
  return Promise.all(
    offered.map(async ({ pane, line, kind, name }) => {
      try {
        await typeResume(tmux, pane, { kind, name }, line, manifests);
        return { pane, line };
      } catch (error) {
        return { pane, line, error: (error as Error).message };
      }
    }),
  );
}
