// taw dashboard [--popup] and taw popup: the full-screen dashboard, in a pane or in a
// tmux popup sized by the user's @agent-wizard-width / @agent-wizard-height.

import type { View } from "../app/store.ts";
import { DASHBOARD_ENTRY_WORD } from "../compiled/place.ts";
import { TawError } from "../errors.ts";
import { TAW_BIN } from "../paths.ts";
import type { Tmux } from "../tmux/client.ts";
import { formatLiteral, shellQuote, target, tmuxQuote, word } from "../tmux/escape.ts";
import { showOption } from "../tmux/options.ts";
import { features, installedVersion } from "../tmux/version.ts";
import { clientHere } from "./client.ts";
import { defineCommand } from "./command.ts";

export const POPUP_WIDTH_OPTION = "@agent-wizard-width";
export const POPUP_HEIGHT_OPTION = "@agent-wizard-height";
export const DEFAULT_POPUP_WIDTH = "90%";
export const DEFAULT_POPUP_HEIGHT = "85%";
export const POPUP_TITLE_OPTION = "@agent-wizard-popup-title";
export const POPUP_BORDER_OPTION = "@agent-wizard-popup-border";
export const DEFAULT_POPUP_TITLE = "taw";
/** The border styles display-popup -b takes (tmux 3.3+). */
export const POPUP_BORDERS = ["single", "rounded", "double", "heavy", "simple", "padded", "none"];

/** The title, as a format display-popup -T expands as it opens: the option, else "taw". The
 * option's text is never parsed by tmux, only shown. */
const TITLE_FORMAT = `#{?#{${POPUP_TITLE_OPTION}},#{${POPUP_TITLE_OPTION}},${DEFAULT_POPUP_TITLE}}`;
/** The border as a format: the option when it names a style, else the server's own
 * popup-border-lines, so a typo falls back to what tmux would draw. */
const BORDER_FORMAT = `#{?#{m/r:^(${POPUP_BORDERS.join("|")})$,#{${POPUP_BORDER_OPTION}}},#{${POPUP_BORDER_OPTION}},#{popup-border-lines}}`;

function requireTerminal(): void {
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    throw new TawError(
      "no_terminal",
      "the dashboard needs a terminal; for scripts use 'taw agent list --json'",
    );
  }
}

/** `--view`, checked (the entry's list, loaded only when the flag is given). */
async function viewFlag(value: unknown): Promise<View | undefined> {
  if (value === undefined) return undefined;
  return (await import("../app/entry.ts")).parseView(String(value));
}

export const dashboardCommand = defineCommand({
  path: ["dashboard"],
  summary: "the full-screen dashboard (--popup: close after a jump)",
  flags: {
    popup: { type: "boolean", description: "popup mode: Enter jumps, then the dashboard closes" },
    client: { type: "string", description: "the tmux client that jumps move (set by taw popup)" },
    view: { type: "string", description: "open on this view: agents, tree, worktrees or inbox" },
  },
  async run(ctx) {
    const view = await viewFlag(ctx.args.flags.view);
    requireTerminal();
    const { loadDashboard } = await import("../app/load.ts");
    const { runDashboard } = await loadDashboard();
    await runDashboard({
      tmux: ctx.tmux,
      popup: ctx.args.flags.popup === true,
      client: ctx.args.flags.client as string | undefined,
      view,
    });
  },
  render: () => "",
});

/** A size option's value, or the default when unset or not a size tmux takes. */
function sizeOf(value: string, fallback: string): string {
  const text = value.trim();
  return /^\d+%?$/.test(text) ? text : fallback;
}

/** The dashboard the popup runs, as argv: the launcher's light entry, which is the compiled
 * taw's when `npm install` built it (decided as the popup opens, so a binding made before a
 * build or after a removal still opens). display-popup runs a command of several words as
 * argv, with no shell and no format expansion (tmux 3.3a), so nothing in it needs quoting but
 * a trailing `;`. */
function dashboardArgv(server: string[], client: string, view?: View): string[] {
  return [
    TAW_BIN,
    DASHBOARD_ENTRY_WORD,
    "--popup",
    ...server,
    ...(client ? ["--client", client] : []),
    ...(view ? ["--view", view] : []),
  ];
}

/** The display-popup command line `taw popup` runs (exported for its test). */
export async function popupArgs(tmux: Tmux, client: string, view?: View): Promise<string[]> {
  const [width, height, border] = await tmux.batch([
    showOption({ kind: "global" }, POPUP_WIDTH_OPTION),
    showOption({ kind: "global" }, POPUP_HEIGHT_OPTION),
    ["display-message", "-p", BORDER_FORMAT],
  ]);
  const frame = features(await installedVersion()).popupBorderAndTitle
    ? ["-T", TITLE_FORMAT, "-b", border?.ok ? border.output.trim() : "single"]
    : [];
  return [
    "display-popup",
    ...(client ? ["-c", target(client)] : []),
    "-E",
    "-w",
    sizeOf(width?.output ?? "", DEFAULT_POPUP_WIDTH),
    "-h",
    sizeOf(height?.output ?? "", DEFAULT_POPUP_HEIGHT),
    ...frame,
    ...dashboardArgv(tmux.serverArgs(), client, view).map(word),
  ];
}

const sizeFormat = (option: string, fallback: string) => `#{?#{${option}},#{${option}},${fallback}}`;

/**
 * The tmux command a key binding runs through `run-shell -C`, which expands formats first and
 * then runs it as a tmux command for the client that pressed the key: the popup opens with no
 * shell and no tmux client started in between. It reads the size options as the key is
 * pressed. Three layers, innermost first: the dashboard's words quoted for the popup's shell,
 * `#` doubled for the format expansion, then the whole quoted as one word for tmux's parser.
 */
export function popupKeyCommand(view?: View, framed = true): string {
  const size = (option: string, fallback: string) => shellQuote(sizeFormat(option, fallback));
  const dashboard = dashboardArgv([], "", view).map((part) => formatLiteral(shellQuote(part)));
  const shell = [...dashboard, "--client", "'#{client_name}'"].join(" ");
  const sizes = [
    "-w",
    size(POPUP_WIDTH_OPTION, DEFAULT_POPUP_WIDTH),
    "-h",
    size(POPUP_HEIGHT_OPTION, DEFAULT_POPUP_HEIGHT),
  ];
  // The title's format is kept for display-popup to expand (so its text is never parsed as a
  // command); the border's is expanded by run-shell -C, to a style name or tmux's own.
  const frame = framed
    ? ["-T", shellQuote(formatLiteral(TITLE_FORMAT)), "-b", shellQuote(BORDER_FORMAT)]
    : [];
  return ["display-popup", "-E", ...sizes, ...frame, tmuxQuote(shell)].join(" ");
}

export const popupCommand = defineCommand({
  path: ["popup"],
  summary: "open the dashboard in a tmux popup (prefix A with the plugin)",
  flags: {
    client: {
      type: "string",
      description: "the client to open it on (default: $TAW_CLIENT, else the current one)",
    },
    view: { type: "string", description: "open on this view (inbox: straight to the waiting agents)" },
  },
  async run(ctx) {
    const view = await viewFlag(ctx.args.flags.view);
    // The plugin's key binding passes the client that pressed it in TAW_CLIENT.
    const client = (await clientHere(ctx)) ?? "";
    // display-popup -E returns when the popup closes, failing when tmux could not open it or
    // when the dashboard inside it failed.
    const result = await ctx.tmux.tryRun(await popupArgs(ctx.tmux, client, view));
    if (result.error) {
      throw new TawError(
        "popup_failed",
        `the popup did not open or its dashboard failed (${result.error.message}); it needs tmux 3.2+ and an attached client (run 'taw dashboard' in a pane to see errors)`,
      );
    }
    return { opened: true };
  },
  render: () => "",
});
