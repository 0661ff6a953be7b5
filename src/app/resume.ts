// The dashboard's resume keys: type the resume command a session restore offered on the
// selected restored row's pane (or on every such pane), through the same code as
// `taw session resume`.

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

/** Every offered resume on the server, typed once each; what failed is said by pane. */
export async function resumeAll(ctx: ActionContext): Promise<void> {
  if (!ctx.store.getState().allAgents.some((row) => row.restored)) {
    showMessage(ctx.store, "nothing to resume: no agent here was restored with a resume waiting", true);
    return;
  }
  await attempt(ctx, async () => {
    const offered = await offeredResumes(ctx.tmux);
    if (offered.length === 0) throw new TawError("no_resume_offered", "no resume waiting");
    const results = await resumeOffered(ctx.tmux, offered, manifests());
    const failed = results.filter((result) => result.error);
    if (failed.length > 0)
      throw new TawError(
        "resume_failed",
        `resumed ${results.length - failed.length} of ${results.length}; ${failed.map((f) => `${f.pane}: ${f.error}`).join("; ")}`,
      );
    return `resumed ${results.length} agent${results.length === 1 ? "" : "s"}`;
  });
}
