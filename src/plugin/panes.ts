// A plugin's `[[panes]]` entrypoint opened on tmux: a split beside a pane, a window of its own
// (`tab`), a zoomed split (`zoomed`, and `overlay`, which zooms over the active pane and is
// gone when its command ends), or a popup on a client. The pane runs the entry's argv in the
// plugin's folder with herdr's environment and HERDR_PLUGIN_ENTRYPOINT_ID, and is marked with
// its owner (@taw_plugin_pane = plugin/entry) wherever it moves.

import { usageError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { startDirectory, target, word } from "../tmux/escape.ts";
import { setOption } from "../tmux/options.ts";
import { invocationContext } from "./context.ts";
import { type Manifest, PLACEMENTS, type Placement, runsHere } from "./manifest.ts";
import type { Registered } from "./registry.ts";
import { pluginEnv } from "./run.ts";

type Env = Record<string, string | undefined>;

export const PANE_OWNER_OPTION = "@taw_plugin_pane";

export interface OpenPane {
  plugin: Registered;
  manifest: Manifest;
  entrypoint: string;
  placement?: string;
  /** The pane it opens beside (a split) or over (zoomed, overlay); its window (tab). */
  beside: string;
  /** The client a popup shows on. */
  client?: string;
  caller?: string;
}

export interface Opened {
  pane_id: string | null;
  placement: Placement;
  plugin_id: string;
  entrypoint: string;
}

export async function openPluginPane(tmux: Tmux, open: OpenPane, env: Env = process.env): Promise<Opened> {
  const entry = open.manifest.panes.find((p) => p.id === open.entrypoint && runsHere(open.manifest, p));
  if (!entry)
    throw usageError(
      `${open.plugin.id} has no pane '${open.entrypoint}' here; its panes: ${open.manifest.panes.map((p) => p.id).join(", ") || "none"}`,
    );
  const placement = (open.placement ?? entry.placement) as Placement;
  if (!(PLACEMENTS as readonly string[]).includes(placement))
    throw usageError(`--placement takes ${PLACEMENTS.join(", ")}; '${placement}' is none of them`);
  const context = await invocationContext(tmux, open.beside, open.caller, "pane");
  const vars = pluginEnv(
    tmux,
    {
      plugin: open.plugin,
      kind: "pane",
      name: entry.id,
      command: entry.command,
      context,
      vars: { HERDR_PLUGIN_ENTRYPOINT_ID: entry.id },
    },
    env,
  );
  // Only what the plugin contract adds goes on the command line; the rest the pane inherits.
  const contract = Object.entries(vars).filter(([key]) => key.startsWith("HERDR_"));
  const envArgs = contract.flatMap(([key, value]) => ["-e", word(`${key}=${value}`)]);
  const where = ["-c", startDirectory(open.plugin.root)];
  const argv = entry.command.map(word);
  const owner = `${open.plugin.id}/${entry.id}`;
  if (placement === "popup") {
    if (!open.client) throw usageError("a popup needs a client: run it inside tmux or give --client");
    const size = (flag: string, value: number | string | undefined) =>
      value === undefined ? [] : [flag, String(value)];
    await tmux.run([
      "display-popup",
      "-E",
      "-c",
      target(open.client),
      "-d",
      startDirectory(open.plugin.root),
      ...contract.flatMap(([key, value]) => ["-e", word(`${key}=${value}`)]),
      ...size("-w", entry.width ?? "50%"),
      ...size("-h", entry.height ?? "50%"),
      "-T",
      word(` ${entry.title} `),
      ...argv,
    ]);
    return { pane_id: null, placement, plugin_id: open.plugin.id, entrypoint: entry.id };
  }
  const made =
    placement === "tab"
      ? ["new-window", "-d", "-t", target(`${await windowSession(tmux, open.beside)}:`), ...where, ...envArgs]
      : ["split-window", "-d", "-h", "-t", target(open.beside), ...where, ...envArgs];
  const pane = (await tmux.run([...made, "-P", "-F", "#{pane_id}", ...argv])).trim();
  const after: string[][] = [setOption({ kind: "pane", target: pane }, PANE_OWNER_OPTION, owner)];
  if (placement === "zoomed" || placement === "overlay")
    after.push(["select-pane", "-t", target(pane)], ["resize-pane", "-Z", "-t", target(pane)]);
  await tmux.batch(after);
  return { pane_id: pane, placement, plugin_id: open.plugin.id, entrypoint: entry.id };
}

const windowSession = async (tmux: Tmux, pane: string) =>
  (await tmux.run(["display-message", "-p", "-t", target(pane), "#{session_id}"])).trim();

/** The plugin panes open on the server: pane id and owner (`plugin/entry`). */
export async function pluginPanes(tmux: Tmux): Promise<{ pane: string; owner: string }[]> {
  const out = await tmux.run(["list-panes", "-a", "-F", `#{pane_id} #{${PANE_OWNER_OPTION}}`]);
  return out
    .split("\n")
    .map((line) => line.split(" "))
    .filter(([, owner]) => owner)
    .map(([pane = "", owner = ""]) => ({ pane, owner }));
}
