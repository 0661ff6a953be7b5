// The method table: every method of herdr's socket API (protocol 22), answered by a handler
// or `unsupported` with the reason tmux cannot (or taw does not yet) do it. A method herdr
// does not have is `invalid_request`, as herdr answers it. events.subscribe streams, so the
// server (server.ts) answers it itself.

import type { MethodContext } from "./context.ts";
import { agentExplainMethod, agentFocusMethod, agentStartMethod } from "./handlers/agent-control.ts";
import { agentViewClearMethod, agentViewSetMethod } from "./handlers/agent-view.ts";
import {
  agentGet,
  agentList,
  agentPromptMethod,
  agentRead,
  agentRenameMethod,
  agentSendKeys,
  agentWait,
} from "./handlers/agents.ts";
import { announceMethod } from "./handlers/announce.ts";
import { paneFocusDirection, paneLayout, paneResize, paneSwap, tabMove } from "./handlers/arrange.ts";
import { paneEdges, paneNeighbor } from "./handlers/edges.ts";
import { eventsWaitMethod } from "./handlers/events-wait.ts";
import { agentAnswerMethod, agentInboxMethod } from "./handlers/inbox.ts";
import { agentManifestsMethod } from "./handlers/manifests.ts";
import { paneMove } from "./handlers/move.ts";
import { notificationShowMethod } from "./handlers/notify.ts";
import { paneWaitForOutput } from "./handlers/output-wait.ts";
import {
  paneReadMethod,
  paneSendInputMethod,
  paneSendKeysMethod,
  paneSendTextMethod,
} from "./handlers/pane-io.ts";
import {
  pluginDisableMethod,
  pluginEnableMethod,
  pluginLinkMethod,
  pluginListMethod,
  pluginLogListMethod,
  pluginUnlinkMethod,
} from "./handlers/plugin-registry.ts";
import {
  pluginActionInvokeMethod,
  pluginPaneCloseMethod,
  pluginPaneFocusMethod,
  pluginPaneOpenMethod,
} from "./handlers/plugin-runs.ts";
import { pluginActionListMethod } from "./handlers/plugins.ts";
import { paneProcessInfo } from "./handlers/process-info.ts";
import {
  clearAgentAuthorityMethod,
  releaseAgentMethod,
  reportAgentMethod,
  reportAgentSessionMethod,
  reportMetadataMethod,
} from "./handlers/report.ts";
import {
  paneClose,
  paneRename,
  paneSplit,
  paneZoom,
  tabClose,
  tabCreate,
  tabFocus,
  tabRename,
  workspaceClose,
  workspaceCreate,
  workspaceFocus,
  workspaceRename,
} from "./handlers/structure.ts";
import {
  paneCurrent,
  paneGet,
  paneList,
  sessionSnapshotMethod,
  tabGet,
  tabList,
  workspaceGet,
  workspaceList,
} from "./handlers/tree.ts";
import { worktreeCreate, worktreeList, worktreeOpen, worktreeRemove } from "./handlers/worktree.ts";
import { HERDR_PROTOCOL, HERDR_VERSION, HerdrError } from "./protocol.ts";
import { ANNOUNCE_METHOD } from "./worktree-events.ts";

export type Handler = (
  params: Record<string, unknown>,
  ctx: MethodContext,
) => Promise<Record<string, unknown>>;

export const SUBSCRIBE = "events.subscribe";

/** Methods of taw's own, beyond herdr's: the inbox (herdr has none), and the worktree events
 * a verb beside the engine announces (worktree-events.ts). */
export const TAW_METHODS = ["agent.inbox", "agent.answer", ANNOUNCE_METHOD];

export const HANDLERS: Record<string, Handler> = {
  ping: async () => ({
    type: "pong",
    version: `${HERDR_VERSION}+taw`,
    protocol: HERDR_PROTOCOL,
    server: "taw",
  }),
  "session.snapshot": sessionSnapshotMethod,
  "workspace.list": workspaceList,
  "workspace.get": workspaceGet,
  "tab.list": tabList,
  "tab.get": tabGet,
  "pane.list": paneList,
  "pane.get": paneGet,
  "pane.current": paneCurrent,
  "pane.read": paneReadMethod,
  "pane.send_text": paneSendTextMethod,
  "pane.send_keys": paneSendKeysMethod,
  "pane.report_agent": reportAgentMethod,
  "pane.report_agent_session": reportAgentSessionMethod,
  "pane.release_agent": releaseAgentMethod,
  "pane.report_metadata": reportMetadataMethod,
  "pane.clear_agent_authority": clearAgentAuthorityMethod,
  "pane.send_input": paneSendInputMethod,
  "pane.process_info": paneProcessInfo,
  "pane.swap": paneSwap,
  "pane.layout": paneLayout,
  "pane.neighbor": paneNeighbor,
  "pane.edges": paneEdges,
  "pane.move": paneMove,
  "pane.focus_direction": paneFocusDirection,
  "pane.resize": paneResize,
  "tab.move": tabMove,
  "agent.explain": agentExplainMethod,
  "agent.view.set": agentViewSetMethod,
  "agent.view.clear": agentViewClearMethod,
  "agent.focus": agentFocusMethod,
  "agent.start": agentStartMethod,
  "server.agent_manifests": agentManifestsMethod,
  "agent.list": agentList,
  "agent.get": agentGet,
  "agent.read": agentRead,
  "agent.send_keys": agentSendKeys,
  "agent.prompt": agentPromptMethod,
  "agent.rename": agentRenameMethod,
  "agent.wait": agentWait,
  "agent.inbox": agentInboxMethod,
  "agent.answer": agentAnswerMethod,
  "workspace.create": workspaceCreate,
  "workspace.rename": workspaceRename,
  "workspace.focus": workspaceFocus,
  "workspace.close": workspaceClose,
  "tab.create": tabCreate,
  "tab.rename": tabRename,
  "tab.focus": tabFocus,
  "tab.close": tabClose,
  "pane.rename": paneRename,
  "pane.zoom": paneZoom,
  "pane.close": paneClose,
  "pane.split": paneSplit,
  "notification.show": notificationShowMethod,
  "events.wait": eventsWaitMethod,
  "pane.wait_for_output": paneWaitForOutput,
  "worktree.list": worktreeList,
  "worktree.create": worktreeCreate,
  "worktree.open": worktreeOpen,
  "worktree.remove": worktreeRemove,
  "plugin.action.list": pluginActionListMethod,
  "plugin.list": pluginListMethod,
  "plugin.link": pluginLinkMethod,
  "plugin.unlink": pluginUnlinkMethod,
  "plugin.enable": pluginEnableMethod,
  "plugin.disable": pluginDisableMethod,
  "plugin.log.list": pluginLogListMethod,
  "plugin.action.invoke": pluginActionInvokeMethod,
  "plugin.pane.open": pluginPaneOpenMethod,
  "plugin.pane.focus": pluginPaneFocusMethod,
  "plugin.pane.close": pluginPaneCloseMethod,
  [ANNOUNCE_METHOD]: announceMethod,
};

const HERDR_UI = "it acts on herdr's own user interface, which tmux does not have";

/** herdr's methods taw does not answer, with why. */
export const UNSUPPORTED: Record<string, string> = {
  "server.stop": "the engine's life is tmux's: stop it with 'taw engine stop'",
  "server.reload_config": "taw reloads config.toml by itself when it changes",
  "server.reload_agent_manifests": "taw reloads manifests by itself within a second of an edit",
  "client.window_title.set": HERDR_UI,
  "client.window_title.clear": HERDR_UI,
  "workspace.move": "tmux orders sessions by name; they cannot be moved",
  "workspace.move_block": "tmux orders sessions by name; they cannot be moved",
  "workspace.report_metadata": "tmux sessions carry no metadata tokens in taw",
  "pane.graphics.info": "tmux cannot place images over a pane",
  "pane.graphics.set": "tmux cannot place images over a pane",
  "pane.graphics.clear": "tmux cannot place images over a pane",
  "pane.graphics.stream": "tmux cannot place images over a pane",
  "pane.input.set": HERDR_UI,
  "popup.close": HERDR_UI,
  "layout.export": "tmux's layout strings are not herdr's split tree",
  "layout.apply": "tmux's layout strings are not herdr's split tree",
  "layout.set_split_ratio": "tmux's layout strings are not herdr's split tree",
  "integration.install": "use 'taw integration install'",
  "integration.uninstall": "use 'taw integration uninstall'",
};

/** The handler of `method`, or the HerdrError it answers: `unsupported` or `invalid_request`. */
export function handlerOf(method: string): Handler {
  const handler = HANDLERS[method];
  if (handler) return handler;
  const why = UNSUPPORTED[method];
  if (why !== undefined) throw new HerdrError("unsupported", `${method} is not supported by taw: ${why}`);
  throw new HerdrError("invalid_request", `unknown method '${method}'`);
}
