// taw's bar on the status line while the popup is open: row 0 of the popup's session's
// status-format shows `#{T:@agent_wizard_bar}`, which the dashboard writes as its counts
// change, and the rows it replaced come back when the popup closes. The rows are saved in
// the session (@agent_wizard_status_saved) before anything is changed, so a popup killed
// with no chance to put them back has them put back by the next one that opens.
// `@agent-wizard-popup-bar off` leaves the status line alone.

import type { BatchResult } from "../tmux/batch.ts";
import type { Tmux } from "../tmux/client.ts";
import { formatLiteral, optionValue, target } from "../tmux/escape.ts";
import { setOption, showOption, unsetOption } from "../tmux/options.ts";

export const BAR_OPTION = "@agent_wizard_bar";
export const SAVED_OPTION = "@agent_wizard_status_saved";
export const BAR_SETTING = "@agent-wizard-popup-bar";
const ROW = "status-format";
const BAR_ROW = `#[align=left]#{T:${BAR_OPTION}}`;

/** The session's own rows before the bar, or none when it inherited the global ones. */
interface Saved {
  own: boolean;
  rows: string[];
}

const rowName = (index: number) => `${ROW}[${index}]`;

/** The indices `show-options … status-format` lists (`status-format[1] "…"`). */
function indices(listing: string): number[] {
  return [...listing.matchAll(/^status-format\[(\d+)\]/gm)].map((match) => Number(match[1]));
}

/** The commands that read the rows at `at` (raw values) of a scope (`-t <session>` or `-g`). */
const rowReads = (scope: string[], at: number[]) =>
  at.map((index) => ["show-options", "-v", ...scope, rowName(index)]);

/** The rows at `at` from their reads' results, each at its own index. */
function rowsFrom(at: number[], results: BatchResult[]): string[] {
  const rows: string[] = [];
  at.forEach((index, i) => {
    const result = results[i];
    rows[index] = result?.ok ? result.output.replace(/\n$/, "") : "";
  });
  return rows;
}

function parseSaved(text: string): Saved | undefined {
  try {
    const saved = JSON.parse(text) as Saved;
    return typeof saved.own === "boolean" && Array.isArray(saved.rows) ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Commands that set the session's rows: `rows` as its own, or back to the global ones. */
function setRows(session: string, saved: Saved): string[][] {
  const scope = ["-t", target(session)];
  const unset = ["set-option", "-qu", ...scope, ROW];
  if (!saved.own) return [unset];
  return [
    unset,
    ...saved.rows.flatMap((row, index) =>
      row === undefined || row === null
        ? []
        : [["set-option", "-q", ...scope, rowName(index), optionValue(row)]],
    ),
  ];
}

function putBack(session: string, saved: Saved): string[][] {
  const scope = { kind: "session", target: session } as const;
  return [...setRows(session, saved), unsetOption(scope, SAVED_OPTION), unsetOption(scope, BAR_OPTION)];
}

export interface PopupBar {
  /** Show this text (shown as written: nothing in it is a format). */
  write(text: string): Promise<void>;
  /** Put the session's rows back. */
  lower(): Promise<void>;
}

/** Raise the bar on the session `client` looks at; undefined when it is off or there is no
 * such client. Rows a killed popup left are put back first. */
export async function raiseBar(tmux: Tmux, client: string): Promise<PopupBar | undefined> {
  const [setting, session] = await tmux.batch([
    showOption({ kind: "global" }, BAR_SETTING),
    ["display-message", "-p", "-c", target(client), "#{session_id}"],
  ]);
  const id = session?.ok ? session.output.trim() : "";
  if (!id || setting?.output.trim() === "off") return undefined;
  const scope = { kind: "session", target: id } as const;
  const sessionArgs = ["-t", target(id)];
  const [left, ownListing, globalListing] = await tmux.batch([
    showOption(scope, SAVED_OPTION),
    ["show-options", ...sessionArgs, ROW],
    ["show-options", "-g", ROW],
  ]);
  const listed = (result: BatchResult | undefined) => indices(result?.ok ? result.output : "");
  // Rows a killed popup saved are put back, and are then the session's own rows as they stand.
  const stale = parseSaved(left?.ok ? left.output.trim() : "");
  const ownAt = stale ? [] : listed(ownListing);
  const globalAt = listed(globalListing);
  const undo = stale ? putBack(id, stale) : [];
  const read = await tmux.batch([...undo, ...rowReads(sessionArgs, ownAt), ...rowReads(["-g"], globalAt)]);
  const values = read.slice(undo.length);
  const own = stale ? (stale.own ? stale.rows : []) : rowsFrom(ownAt, values);
  const saved: Saved = own.length > 0 ? { own: true, rows: own } : { own: false, rows: [] };
  const shown = own.length > 0 ? own : rowsFrom(globalAt, values.slice(ownAt.length));
  const withBar = [BAR_ROW, ...shown.slice(1)];
  await tmux.batch([
    setOption(scope, SAVED_OPTION, JSON.stringify(saved)),
    setOption(scope, BAR_OPTION, ""),
    ...setRows(id, { own: true, rows: withBar }),
  ]);
  let last = "";
  return {
    async write(text) {
      if (text === last) return;
      last = text;
      await tmux.batch([setOption(scope, BAR_OPTION, formatLiteral(text).replaceAll("%", "%%"))]);
    },
    async lower() {
      await tmux.batch(putBack(id, saved));
    },
  };
}
