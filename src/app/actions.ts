// What the keys do that touches tmux: async, never awaited by a render, each ending in a
// message. They call the same functions as the CLI verbs (src/agent), so the dashboard and
// `taw agent …` cannot drift apart.

import { jumpToPane } from "../agent/jump.ts";
import { closePane } from "../agent/kill.ts";
import { manifests } from "../agent/kinds.ts";
import { launchAgent } from "../agent/launch.ts";
import { promptAgent } from "../agent/prompt.ts";
import { renameAgent } from "../agent/rename.ts";
import { loadConfig } from "../config/load.ts";
import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { markSeen } from "../watch/seen.ts";
import type { HostsAccess } from "./hosts-feed.ts";
import { kindChoices } from "./picker.ts";
import { remoteJump, remoteRowOf, remoteVerb, staleReason, startRemote } from "./remote-actions.ts";
import type { HostedRow } from "./remote-rows.ts";
import {
  closeOverlay,
  type DashStore,
  type KindChoice,
  openOverlay,
  selectedAgent,
  selectedPaneId,
  selectNextUp,
  showMessage,
  showProgress,
} from "./store.ts";

export interface ActionContext {
  store: DashStore;
  tmux: Tmux;
  /** The tmux client a popup belongs to: jumps move that client. */
  client?: string;
  /** Leave the dashboard (restores the terminal). */
  quit(): void;
  /** Ask the feed for a fresh snapshot now rather than at its next tick. */
  refresh?(): void;
  /** The other hosts' connections (hosts-feed.ts), for the verbs on their agents. */
  hosts?: HostsAccess;
}

const describe = (error: unknown) =>
  error instanceof TawError
    ? error.message
    : `unexpected error: ${(error as Error)?.message ?? String(error)}`;

/** Run an action, turning its outcome into the message line. */
export async function attempt(ctx: ActionContext, work: () => Promise<string>): Promise<boolean> {
  try {
    showMessage(ctx.store, await work());
    ctx.refresh?.();
    return true;
  } catch (error) {
    showMessage(ctx.store, describe(error), true);
    return false;
  }
}

function paneLabel(ctx: ActionContext, paneId: string): string {
  const state = ctx.store.getState();
  const pane = state.snapshot?.panes.get(paneId);
  const agent = state.allAgents.find((row) => row.paneId === paneId);
  return agent?.label || (pane ? `${pane.sessionName}:${pane.windowIndex}.${pane.index}` : paneId);
}

export async function jump(ctx: ActionContext, paneId = selectedPaneId(ctx.store.getState())): Promise<void> {
  if (!paneId) {
    showMessage(ctx.store, "nothing selected", true);
    return;
  }
  const remote = remoteRowOf(ctx, paneId);
  const ok = await attempt(ctx, async () => {
    if (remote) return remoteJump(ctx, remote);
    const result = await jumpToPane(ctx.tmux, paneId, ctx.client);
    return result.switched_client
      ? `jumped to ${paneLabel(ctx, paneId)}`
      : `selected ${paneLabel(ctx, paneId)} (no tmux client to switch)`;
  });
  if (ok && ctx.store.getState().popup) ctx.quit();
}

/** A row of a host that is away: say why nothing is done on it. */
function refusedStale(ctx: ActionContext, row: HostedRow): boolean {
  const why = row.host ? staleReason(ctx, row) : undefined;
  if (why) showMessage(ctx.store, why, true);
  return why !== undefined;
}

export async function jumpNextUp(ctx: ActionContext): Promise<void> {
  const next = selectNextUp(ctx.store);
  if (!next) {
    showMessage(ctx.store, "nobody needs you: no agent is blocked or done");
    return;
  }
  await jump(ctx, next.paneId);
}

export async function seen(ctx: ActionContext): Promise<void> {
  const agent = selectedAgent(ctx.store.getState());
  if (!agent) {
    showMessage(ctx.store, "the selected pane runs no agent", true);
    return;
  }
  await attempt(ctx, async () => {
    if (agent.host) await remoteVerb(ctx, agent, "agent.seen");
    else await markSeen(ctx.tmux, agent.paneId);
    return `marked ${agent.label} seen`;
  });
}

export function askRename(ctx: ActionContext): void {
  const agent = selectedAgent(ctx.store.getState());
  if (!agent) {
    showMessage(ctx.store, "the selected pane runs no agent", true);
    return;
  }
  if (refusedStale(ctx, agent)) return;
  openOverlay(ctx.store, { kind: "rename", paneId: agent.paneId, label: agent.label }, agent.name);
}

export function askPrompt(ctx: ActionContext): void {
  const agent = selectedAgent(ctx.store.getState());
  if (!agent) {
    showMessage(ctx.store, "the selected pane runs no agent", true);
    return;
  }
  if (agent.state === "blocked") {
    showMessage(ctx.store, `${agent.label} is blocked on a question: jump to it (Enter) and answer`, true);
    return;
  }
  if (refusedStale(ctx, agent)) return;
  openOverlay(ctx.store, { kind: "prompt", paneId: agent.paneId, label: agent.label });
}

export function askClose(ctx: ActionContext): void {
  const paneId = selectedPaneId(ctx.store.getState());
  if (!paneId) {
    showMessage(ctx.store, "nothing selected", true);
    return;
  }
  const remote = remoteRowOf(ctx, paneId);
  if (remote && refusedStale(ctx, remote)) return;
  openOverlay(ctx.store, { kind: "confirm", paneId, label: paneLabel(ctx, paneId) });
}

export function askStart(ctx: ActionContext, place: "window" | "split"): void {
  const state = ctx.store.getState();
  const paneId = selectedPaneId(state);
  // On another host's agent the new one starts on that host, beside it.
  const remote = remoteRowOf(ctx, paneId);
  if (remote && refusedStale(ctx, remote)) return;
  const local = state.snapshot?.panes.get(paneId) ?? state.snapshot?.panes.values().next().value;
  const pane = remote ? { id: remote.paneId, sessionId: remote.sessionId } : local;
  if (!pane) {
    showMessage(ctx.store, "no session to start an agent in", true);
    return;
  }
  let kinds: KindChoice[];
  try {
    kinds = kindChoices(manifests(), loadConfig().config);
  } catch (error) {
    showMessage(ctx.store, describe(error), true);
    return;
  }
  if (kinds.length === 0) {
    showMessage(ctx.store, "no agent manifests found", true);
    return;
  }
  openOverlay(ctx.store, {
    kind: "picker",
    place,
    paneId: pane.id,
    sessionId: pane.sessionId,
    kinds,
    index: 0,
    profiles: Object.keys(loadConfig().config.sandbox.profiles).sort(),
  });
}

/** Tab in the start picker: the next sandbox profile, then none again. */
export function cycleProfile(ctx: ActionContext): void {
  const { overlay } = ctx.store.getState();
  if (overlay.kind !== "picker" || !overlay.profiles?.length) return;
  const choices = [undefined, ...overlay.profiles];
  const next = choices[(choices.indexOf(overlay.profile) + 1) % choices.length];
  ctx.store.setState({ overlay: { ...overlay, profile: next } });
}

/** Enter in an overlay: do what it asked for with what was typed. */
export async function submitOverlay(ctx: ActionContext, choice?: string): Promise<void> {
  const { overlay, input } = ctx.store.getState();
  closeOverlay(ctx.store);
  switch (overlay.kind) {
    case "rename":
      await attempt(ctx, async () => {
        const remote = remoteRowOf(ctx, overlay.paneId);
        if (remote) await remoteVerb(ctx, remote, "agent.rename", { name: input.trim() || null });
        else await renameAgent(ctx.tmux, overlay.paneId, input.trim());
        return `renamed ${overlay.label} to ${input.trim()}`;
      });
      return;
    case "prompt":
      await attempt(ctx, async () => {
        const remote = remoteRowOf(ctx, overlay.paneId);
        if (remote) await remoteVerb(ctx, remote, "agent.prompt", { text: input });
        else await promptAgent(ctx.tmux, overlay.paneId, input);
        return `sent the prompt to ${overlay.label}`;
      });
      return;
    case "confirm":
      await attempt(ctx, async () => {
        const remote = remoteRowOf(ctx, overlay.paneId);
        if (remote) await remoteVerb(ctx, remote, "agent.kill");
        else await closePane(ctx.tmux, overlay.paneId);
        return `closed ${overlay.label}`;
      });
      return;
    case "picker": {
      if (!choice) {
        showMessage(ctx.store, "no agent kind matches", true);
        return;
      }
      const pane = ctx.store.getState().snapshot?.panes.get(overlay.paneId);
      const inSandbox = overlay.profile ? ` in sandbox ${overlay.profile}` : "";
      showProgress(ctx.store, `starting ${choice}${inSandbox}…`);
      await attempt(ctx, async () => {
        const remote = remoteRowOf(ctx, overlay.paneId);
        if (remote) return startRemote(ctx, remote, overlay.place, choice, overlay.profile);
        const place =
          overlay.place === "window"
            ? { kind: "window" as const, session: overlay.sessionId }
            : { kind: "split" as const, pane: overlay.paneId };
        const launched = await launchAgent(
          ctx.tmux,
          { kind: choice, place, cwd: pane?.path || undefined, sandbox: overlay.profile },
          { manifests: manifests(), config: loadConfig().config },
        );
        return `started ${choice}${inSandbox} in ${launched.label}`;
      });
      return;
    }
    default:
      return;
  }
}
