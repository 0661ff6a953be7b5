// The dashboard's first paint, before OpenTUI and React have loaded (most of the time to an
// interactive frame): the header and the Agents list written straight to the terminal from
// the first pane listing, where the real frame draws them and with the same spans. Keys
// pressed meanwhile wait for the dashboard (HeldInput); its first frame redraws the screen.

import { formatDuration } from "../duration.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import { agentColumns, layoutFor } from "./layout.ts";
import { agentRowSpans, branchColumns, headerSpans, labelColumns, type Span } from "./lines.ts";
import { agentViewName, createDashStore, setPageRows, setSnapshot } from "./store.ts";
import { columns } from "./text.ts";
import { DEFAULT_THEME, type Theme } from "./theme.ts";

const CSI = "\x1b[";
const ENTER = `${CSI}?1049h${CSI}?25l${CSI}H${CSI}2J`;
/** Back to the shell's screen, for when the dashboard fails before taking the terminal. */
export const LEAVE_SPLASH = `${CSI}0m${CSI}?25h${CSI}?1049l`;

interface Screen {
  width: number;
  height: number;
  socket: string;
  popup: boolean;
  /** Unix seconds the ages are counted to; now by default. */
  now?: number;
}

function rgb(hex: string): string | undefined {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return match
    ? match
        .slice(1, 4)
        .map((part) => Number.parseInt(part, 16))
        .join(";")
    : undefined;
}

/** `spans` padded with a blank span to `width` columns, as a box fills the rest of a line. */
function padded(spans: Span[], width: number, fg: string): Span[] {
  const used = spans.reduce((sum, span) => sum + columns(span.text), 0);
  return [...spans, { text: " ".repeat(Math.max(0, width - used)), fg }];
}

function paint(spans: Span[], lineBg?: string): string {
  return spans
    .map((span) => {
      const fg = rgb(span.fg);
      const bg = rgb(span.bg ?? lineBg ?? "");
      const codes = ["0", span.bold ? "1" : "", fg ? `38;2;${fg}` : "", bg ? `48;2;${bg}` : ""];
      return `${CSI}${codes.filter(Boolean).join(";")}m${span.text}`;
    })
    .join("");
}

/** The splash as terminal output: alternate screen, header, the Agents box and its rows. */
export function splashText(snapshot: Snapshot, screen: Screen, theme: Theme = DEFAULT_THEME): string {
  const store = createDashStore({ socket: screen.socket, popup: screen.popup });
  const layout = layoutFor(screen.width, screen.height);
  setPageRows(store, layout.listRows);
  setSnapshot(store, snapshot, screen.now);
  const state = store.getState();
  const inner = Math.max(0, layout.listWidth - 2);
  const border = (text: string) => paint([{ text, fg: theme.borderFocus }]);
  const header = padded(
    headerSpans({ ...state, viewName: agentViewName(state) }, screen.width, theme),
    screen.width,
    theme.text,
  );
  const title = ` Agents ${state.allAgents.length} `;
  const lines = [
    paint(header, theme.headerBg),
    border(`╭─${title}${"─".repeat(Math.max(0, inner - 1 - title.length))}╮`),
  ];
  const visible = state.agents.slice(state.top.agents, state.top.agents + layout.listRows);
  const cols = agentColumns(inner, labelColumns(state.agents), branchColumns(state.agents));
  for (let index = 0; index < layout.listRows; index++) {
    const row = visible[index];
    const body = row
      ? paint(
          padded(
            agentRowSpans(
              row,
              cols,
              row.since ? formatDuration(state.now - row.since) : "-",
              row.paneId === state.selected.agents,
              theme,
            ),
            inner,
            theme.text,
          ),
        )
      : " ".repeat(inner);
    lines.push(`${border("│")}${body}${border("│")}`);
  }
  lines.push(border(`╰${"─".repeat(inner)}╯`));
  const placed = lines.map((line, index) => `${CSI}${index + 1};1H${line}`).join("");
  return `${ENTER}${placed}${CSI}0m`;
}

/** Paints the splash when the dashboard runs in a terminal; true when it did. */
export function paintSplash(snapshot: Snapshot, socket: string, popup: boolean): boolean {
  const { stdout, stdin } = process;
  if (!stdout.isTTY || !stdin.isTTY) return false;
  stdout.write(splashText(snapshot, { width: stdout.columns, height: stdout.rows, socket, popup }));
  return true;
}
