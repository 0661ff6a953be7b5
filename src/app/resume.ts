// The dashboard's resume key: type the resume command a session restore offered on the
// selected restored row's pane, through the same code as `taw session resume`.

import { manifests } from "../agent/kinds.ts";
import { TawError } from "../errors.ts";
import { offeredResumes, resumeOffered } from "../session/offered.ts";
import { type ActionContext, attempt } from "./actions.ts";
import { selectedAgent, showMessage } from "./store.ts";

export async function resumeSelected(ctx: ActionContext): Promise<void> {
  const row = selectedAgent(ctx.store.getState());
  if (!row?.restored) {
    showMessage(ctx.store, "the selected row has no resume waiting (restored rows say so)", true);
    return;
  }
  await attempt(ctx, async () => {
    // Read again: it may have been resumed since the last snapshot.
    const offered = (await offeredResumes(ctx.tmux)).filter((o) => o.pane === row.paneId);
    if (offered.length === 0) throw new TawError("no_resume_offered", `no resume waiting in ${row.label}`);
    const [resumed] = await resumeOffered(ctx.tmux, offered, manifests());
    if (resumed?.error)
      throw new TawError("resume_failed", `could not resume ${row.label}: ${resumed.error}`);
    return `resumed ${row.label}: ${resumed?.line ?? ""}`;
  });
}
