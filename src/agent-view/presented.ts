// Where the person running the dashboard looks, for a view's current_workspace_id and
// current_tab_id: the popup's client, else the pane the dashboard runs in.

import { callerPane } from "../space/layout.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { publicSessionId, publicWindowId } from "../tmux/ids.ts";
import type { ViewContext } from "./apply.ts";

export async function presentedPlace(
  tmux: Tmux,
  client: string | undefined,
  env: Record<string, string | undefined>,
): Promise<ViewContext> {
  const pane = client ? undefined : await callerPane(tmux, env).catch(() => undefined);
  const where = client ? ["-c", target(client)] : pane ? ["-t", target(pane)] : undefined;
  if (!where) return {};
  const answer = await tmux.tryRun(["display-message", "-p", ...where, "#{session_id} #{window_id}"]);
  const [session, window] = (answer.stdout ?? "").trim().split(" ");
  if (!session || !window) return {};
  return { workspaceId: publicSessionId(session), tabId: publicWindowId(session, window) };
}
