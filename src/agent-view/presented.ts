// Where the person running the dashboard looks, for a view's current_workspace_id and
// current_tab_id: the popup's client, else the pane the dashboard runs in.

import { currentPlace } from "../space/switch.ts";
import type { Tmux } from "../tmux/client.ts";
import { publicSessionId, publicWindowId } from "../tmux/ids.ts";
import type { ViewContext } from "./apply.ts";

export async function presentedPlace(
  tmux: Tmux,
  client: string | undefined,
  env: Record<string, string | undefined>,
): Promise<ViewContext> {
  const place = await currentPlace(tmux, client, env);
  if (!place) return {};
  return { workspaceId: publicSessionId(place.session), tabId: publicWindowId(place.session, place.window) };
}
