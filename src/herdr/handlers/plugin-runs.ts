// herdr's plugin methods that run something: plugin.action.invoke (the action started in the
// background, as herdr starts it, answered at once with its invocation context and a `running`
// log record; how it ended goes to `plugin.log.list`), and plugin.pane.open / focus / close
// (src/plugin/panes.ts: the pane carries its owner, and focus and close act only on a pane a
// plugin owns). The code is the one `taw plugin action invoke` and `taw plugin pane …` run.

import { listPluginActions } from "../../plugin/action-list.ts";
import { invokeAction, pluginActions } from "../../plugin/actions.ts";
import { invocationContext } from "../../plugin/context.ts";
import { openPluginPane, pluginPanes } from "../../plugin/panes.ts";
import { findPlugin, readManifest } from "../../plugin/registry.ts";
import { target } from "../../tmux/escape.ts";
import { takeSnapshot } from "../../tmux/server.ts";
import type { Snapshot } from "../../tmux/snapshot.ts";
import { ancestors, paneOfChain } from "../caller.ts";
import type { MethodContext } from "../context.ts";
import { optionalString, paneParam, requiredString } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { paneInfo } from "../shapes.ts";
import { verb } from "../verb.ts";

type Params = Record<string, unknown>;

/** The caller's own pane (tmux id) when it runs in one. */
function callerPane(ctx: MethodContext, snapshot: Snapshot): string | undefined {
  return ctx.caller === undefined ? undefined : paneOfChain(ancestors(ctx.caller), snapshot)?.id;
}

/** The pane a person looks at: the active pane of an attached session's active window. */
function focusedPane(snapshot: Snapshot): string | undefined {
  const session = snapshot.sessions.find((s) => s.attached > 0);
  return session?.windows.find((w) => w.active)?.panes.find((p) => p.active)?.id;
}

/** The plugin `id`, enabled, or herdr's error for it. */
async function enabledPlugin(id: string, ctx: MethodContext) {
  const plugin = await verb(async () => findPlugin(id, ctx.env));
  if (!plugin.enabled) throw new HerdrError("plugin_disabled", `plugin ${id} is disabled`);
  return plugin;
}

/** `action_id` qualified (`plugin.action`) or bare, with `plugin_id` or unique among plugins. */
async function actionOf(params: Params, ctx: MethodContext) {
  const actionId = requiredString(params, "action_id");
  const pluginId = optionalString(params, "plugin_id");
  if (pluginId) await enabledPlugin(pluginId, ctx);
  else {
    const dot = actionId.lastIndexOf(".");
    const owner = dot > 0 ? actionId.slice(0, dot) : undefined;
    if (owner && (await verb(async () => findPlugin(owner, ctx.env)).catch(() => undefined)))
      await enabledPlugin(owner, ctx);
  }
  const actions = await verb(async () => pluginActions(ctx.env, pluginId));
  const matches = actions.filter((a) => a.qualified === actionId || a.action.id === actionId);
  if (matches.length === 1) return matches[0] as (typeof actions)[number];
  if (matches.length > 1)
    throw new HerdrError(
      "invalid_params",
      `action ${actionId} is in ${matches.map((a) => a.plugin.id).join(", ")}: name it plugin.action or give plugin_id`,
    );
  throw new HerdrError("plugin_action_not_found", `plugin action ${actionId} not found`);
}

export async function pluginActionInvokeMethod(params: Params, ctx: MethodContext) {
  const found = await actionOf(params, ctx);
  const given = (params.context ?? {}) as Record<string, unknown>;
  if (typeof given !== "object" || Array.isArray(given))
    throw new HerdrError("invalid_params", '"context" must be an object');
  const snapshot = await takeSnapshot(ctx.tmux);
  const named = typeof given.focused_pane_id === "string" ? given.focused_pane_id : undefined;
  const focused = named ? paneParam({ pane: named }, "pane").raw : focusedPane(snapshot);
  const caller = callerPane(ctx, snapshot);
  const source = typeof given.invocation_source === "string" ? given.invocation_source : "socket";
  const context = await invocationContext(ctx.tmux, focused, caller, source);
  const started = Date.now();
  // herdr starts the command and answers; the run's end is logged (plugin.log.list).
  void invokeAction(ctx.tmux, found, { focused, caller, source }, ctx.env).catch(() => undefined);
  const action = listPluginActions({ pluginId: found.plugin.id }, ctx.env).find(
    (a) => a.action_id === found.action.id,
  );
  return {
    type: "plugin_action_invoked",
    action,
    context,
    log: {
      log_id: `${found.plugin.id}:${started}:running`,
      plugin_id: found.plugin.id,
      action_id: found.action.id,
      event: null,
      command: found.action.command,
      status: "running",
      started_unix_ms: started,
      finished_unix_ms: null,
      exit_code: null,
      stdout: null,
      stderr: null,
      error: null,
    },
  };
}

/** herdr's PluginPaneInfo: the owner and the pane's record. */
async function pluginPaneInfo(ctx: MethodContext, pane: string, owner: string) {
  const snapshot = await takeSnapshot(ctx.tmux);
  const record = snapshot.panes.get(pane);
  if (!record) throw new HerdrError("pane_not_found", `pane ${pane} closed as it opened`);
  const [plugin_id = "", entrypoint = ""] = owner.split("/");
  return { plugin_id, entrypoint, pane: paneInfo(record, snapshot) };
}

export async function pluginPaneOpenMethod(params: Params, ctx: MethodContext) {
  const plugin = await enabledPlugin(requiredString(params, "plugin_id"), ctx);
  const entrypoint = requiredString(params, "entrypoint");
  const placement = optionalString(params, "placement");
  const snapshot = await takeSnapshot(ctx.tmux);
  const caller = callerPane(ctx, snapshot);
  const beside =
    params.target_pane_id !== undefined
      ? paneParam(params, "target_pane_id").raw
      : (caller ?? focusedPane(snapshot));
  if (!beside)
    throw new HerdrError(
      "invalid_params",
      "no pane to open beside: give target_pane_id (no pane is focused)",
    );
  if (placement === "popup")
    throw new HerdrError(
      "unsupported",
      "a popup shows on a tmux client, which a socket request does not name: open it with 'herdr plugin pane open … --placement popup' from a pane",
    );
  const opened = await verb(
    async () =>
      openPluginPane(
        ctx.tmux,
        { plugin, manifest: readManifest(plugin.root), entrypoint, placement, beside, caller },
        ctx.env,
      ),
    { kind: "pane", id: String(params.target_pane_id ?? beside) },
  );
  const pane = opened.pane_id as string;
  if (params.focus === true)
    await ctx.tmux.batch([
      ["select-window", "-t", target(pane)],
      ["select-pane", "-t", target(pane)],
    ]);
  return {
    type: "plugin_pane_opened",
    plugin_pane: await pluginPaneInfo(ctx, pane, `${opened.plugin_id}/${opened.entrypoint}`),
  };
}

/** The plugin pane `pane_id` names, or herdr's error: gone, or no plugin's. */
async function ownedPane(params: Params, ctx: MethodContext) {
  const { raw, named } = paneParam(params);
  const owned = (await pluginPanes(ctx.tmux)).find((p) => p.pane === raw);
  if (owned) return owned;
  const snapshot = await takeSnapshot(ctx.tmux);
  if (!snapshot.panes.has(raw)) throw new HerdrError("pane_not_found", `pane ${named.id} not found`);
  throw new HerdrError("invalid_params", `pane ${named.id} is no plugin's pane`);
}

export async function pluginPaneFocusMethod(params: Params, ctx: MethodContext) {
  const { pane, owner } = await ownedPane(params, ctx);
  await ctx.tmux.batch([
    ["select-window", "-t", target(pane)],
    ["select-pane", "-t", target(pane)],
  ]);
  return { type: "plugin_pane_focused", plugin_pane: await pluginPaneInfo(ctx, pane, owner) };
}

export async function pluginPaneCloseMethod(params: Params, ctx: MethodContext) {
  const { pane } = await ownedPane(params, ctx);
  await ctx.tmux.run(["kill-pane", "-t", target(pane)]);
  return { type: "plugin_pane_closed", pane_id: requiredString(params, "pane_id") };
}
