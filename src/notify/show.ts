// Show a notification now, by every delivery config.toml switches on: `taw notification show`
// and herdr's notification.show.

import { loadConfig } from "../config/load.ts";
import { usageError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { deliveriesFor, deliverText } from "./deliver.ts";
import { readTmuxNow } from "./read.ts";

export interface ShowInput {
  title: string;
  /** The text under the title. */
  body?: string;
}

export async function showNotification(
  tmux: Tmux,
  input: ShowInput,
  env: Record<string, string | undefined>,
) {
  const title = input.title.trim();
  if (!title)
    throw usageError("missing <title>. Example: taw notification show 'build finished' --body 'all green'");
  const body = input.body ?? "";
  const { notify } = loadConfig(env).config;
  const { clients } = await readTmuxNow(tmux);
  const line = body ? `${title}: ${body}` : title;
  return deliverText(tmux, notify, deliveriesFor(notify, ""), { title, body, line }, clients);
}
