// The environment herdr gives the processes it starts (HERDR_ENV, HERDR_SOCKET_PATH,
// HERDR_BIN_PATH, and per pane HERDR_PANE_ID / HERDR_TAB_ID / HERDR_WORKSPACE_ID), here for a
// pane or process on a tmux server taw watches: the socket is that server's engine socket, the
// `herdr` command is taw's launcher, the ids are taw's public ids (w3, w3:t7, w3:p31).

import { join } from "node:path";
import type { HerdrConfig } from "../config/types.ts";
import { PACKAGE_ROOT } from "../runtime.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { publicPaneId, publicSessionId, publicWindowId } from "../tmux/ids.ts";
import { socketPath } from "./socket-dir.ts";

type Env = Record<string, string | undefined>;

/** herdr's own names, as its CLI and integrations read them. */
export const HERDR_VARS = {
  env: "HERDR_ENV",
  socket: "HERDR_SOCKET_PATH",
  bin: "HERDR_BIN_PATH",
  pane: "HERDR_PANE_ID",
  tab: "HERDR_TAB_ID",
  workspace: "HERDR_WORKSPACE_ID",
} as const;

/** The variables set for the whole server (tmux's session environment), before any pane's ids. */
export const SERVER_WIDE_VARS = [HERDR_VARS.env, HERDR_VARS.socket, HERDR_VARS.bin] as const;

/** The `herdr` launcher beside `taw` in this package (bin/herdr). */
export const herdrBinPath = (): string => join(PACKAGE_ROOT, "bin", "herdr");

/** `path` with the folder of taw's `herdr` in front: herdr's plugins run `["herdr", …]` by name. */
export const withHerdrOnPath = (path: string | undefined): string =>
  path ? `${join(PACKAGE_ROOT, "bin")}:${path}` : join(PACKAGE_ROOT, "bin");

/** The public ids of the pane a process runs in (all optional: a plugin may run for a workspace only). */
export interface HerdrIds {
  workspaceId?: string;
  tabId?: string;
  paneId?: string;
}

/**
 * HERDR_* for a process on the tmux server whose socket is `tmuxSocket` (as
 * `Tmux.describeSocket` gives it). `env` only locates the socket directory (XDG_RUNTIME_DIR).
 */
export function herdrEnv(
  tmuxSocket: string,
  ids: HerdrIds = {},
  env: Env = process.env,
): Record<string, string> {
  const vars: Record<string, string> = {
    [HERDR_VARS.env]: "1",
    [HERDR_VARS.socket]: socketPath(tmuxSocket, env),
    [HERDR_VARS.bin]: herdrBinPath(),
  };
  if (ids.workspaceId) vars[HERDR_VARS.workspace] = ids.workspaceId;
  if (ids.tabId) vars[HERDR_VARS.tab] = ids.tabId;
  if (ids.paneId) vars[HERDR_VARS.pane] = ids.paneId;
  return vars;
}

/** `env` without any HERDR_* an outer herdr set: they must never leak into a taw pane. */
export function withoutHerdrVars(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith("HERDR_")));
}

/**
 * What an agent `taw agent start` types gets in front of its command: its pane's ids, and with
 * protocol "agents" the server-wide variables too ("always" has those in tmux's global
 * environment already); nothing with "off".
 */
export async function agentPaneEnv(
  tmux: Tmux,
  pane: string,
  mode: HerdrConfig["protocol"],
  env: Env = process.env,
): Promise<Record<string, string>> {
  if (mode === "off") return {};
  const [session, window] = (
    await tmux.run(["display-message", "-p", "-t", target(pane), "#{session_id} #{window_id}"])
  )
    .trim()
    .split(" ");
  const ids = {
    workspaceId: publicSessionId(session ?? ""),
    tabId: publicWindowId(session ?? "", window ?? ""),
    paneId: publicPaneId(session ?? "", pane),
  };
  const all = herdrEnv(tmux.describeSocket(env), ids, env);
  if (mode === "agents") return all;
  return {
    [HERDR_VARS.workspace]: ids.workspaceId,
    [HERDR_VARS.tab]: ids.tabId,
    [HERDR_VARS.pane]: ids.paneId,
  };
}
