// The Inbox view: every blocked agent, approvals first, then questions, then setup screens,
// oldest first in each, with what it asks; under the list, the selected one in full (its
// folder and branch, its options, the keys that answer it). The Agents view shows the same
// words on its blocked rows (askedDetail); InboxFeed keeps the entries read.

import { useEffect, useRef } from "react";
import type { AgentRow } from "../../agent/rows.ts";
import { formatDuration } from "../../duration.ts";
import type { InboxEntry } from "../../inbox/collect.ts";
import { useActions, useDash, useTheme } from "../context.ts";
import { scrollTop } from "../store.ts";
import { cell, shortPath } from "../text.ts";
import { frame, stateColor, stateGlyph, type Theme } from "../theme.ts";

/** While the Inbox is shown its prompts are read again this often (a prompt may change). */
const REREAD_MS = 2000;
const GROUP_WIDTH = 9;
const LABEL_WIDTH = 14;
const AGE_WIDTH = 5;

const RISK_MARK: Record<string, string> = { never: " ⚠ jump", safe: " ✓ read-only", auto: " auto" };

function entryLine(entry: InboxEntry, width: number): string {
  const head = `${cell(entry.group, GROUP_WIDTH)} ${cell(entry.row.label, LABEL_WIDTH)} ${cell(formatDuration(entry.waited), AGE_WIDTH)} `;
  const mark = RISK_MARK[entry.risk.level] ?? "";
  const ask = entry.tool ? `${entry.tool}: ${entry.ask}` : entry.ask;
  return cell(`${head}${cell(ask, Math.max(0, width - head.length - mark.length - 2))}${mark}`, width - 2);
}

/** A blocked Agents row says what its prompt asks, once the Inbox has read it. */
export function askedDetail(row: AgentRow, inbox: readonly InboxEntry[]): AgentRow {
  const entry = inbox.find((e) => e.row.paneId === row.paneId && e.prompt);
  if (!entry || row.state !== "blocked") return row;
  return { ...row, detail: `${entry.group}: ${entry.tool ? `${entry.tool}: ` : ""}${entry.ask}` };
}

/** The keys that answer this entry, in the footer's words. */
export function answerHint(entry: InboxEntry): string {
  const answers = entry.prompt?.answers;
  if (!answers) return "Enter jump";
  const keys = [
    answers.approve ? "a approve" : "",
    answers.always ? "A always" : "",
    answers.deny ? "d deny" : "",
    entry.options.length ? `1-${Math.min(9, entry.options.length)} option` : "",
    answers.text ? "t type" : answers.deny && answers.denyMessage ? "t deny+say" : "",
    "Enter jump",
  ];
  return keys.filter(Boolean).join(" · ");
}

function detailLines(entry: InboxEntry, width: number): string[] {
  const inner = width - 2;
  const lines = [
    `${entry.row.label} in ${entry.row.place} · ${shortPath(entry.row.path)}${entry.row.branch ? ` (${entry.row.branch})` : ""}`,
    `asks: ${entry.tool ? `${entry.tool}: ` : ""}${entry.ask}`,
    ...entry.options.map((label, index) => `  ${index + 1}. ${label}`),
  ];
  if (entry.risk.level === "never") lines.push(`⚠ never approved here: ${entry.risk.reason}`);
  lines.push(answerHint(entry));
  return lines.map((line) => cell(line, inner));
}

function Line({ text, fg, bg }: { text: string; fg: string; bg?: string }) {
  return (
    <text fg={fg} bg={bg} wrapMode="none" height={1}>
      {text}
    </text>
  );
}

export function InboxList({ width, rows }: { width: number; rows: number }) {
  const theme = useTheme();
  const inbox = useDash((s) => s.inbox);
  // This server's entries and every other host's blocked agents (remote-rows.ts remoteInbox).
  const total = useDash(
    (s) => s.allInbox.length + s.allAgents.filter((row) => row.host && row.state === "blocked").length,
  );
  const filter = useDash((s) => s.filter);
  const selected = useDash((s) => s.selected.inbox);
  const top = useDash((s) => s.top.inbox);
  const entry = inbox.find((e) => e.row.paneId === selected);
  const details = entry ? detailLines(entry, width) : [];
  // The list keeps at least a third of the rows; the details get the rest they need.
  const detailRows = Math.min(details.length, Math.max(0, rows - Math.max(1, Math.ceil(rows / 3)) - 1));
  const listRows = Math.max(1, rows - detailRows - (detailRows ? 1 : 0));
  const at = inbox.findIndex((e) => e.row.paneId === selected);
  const start = scrollTop(top, at, inbox.length, listRows);
  const visible = inbox.slice(start, start + listRows);
  return (
    <box
      border
      {...frame(theme, "rounded")}
      borderColor={theme.borderFocus}
      title={filter ? ` Inbox ${inbox.length}/${total} /${filter} ` : ` Inbox ${total} `}
      width={width}
      flexDirection="column"
    >
      {inbox.length === 0 ? (
        <Line
          text={cell(
            total === 0 ? " no agent is waiting for you" : " nothing matches the filter (Esc clears it)",
            width - 2,
          )}
          fg={theme.muted}
        />
      ) : (
        <box flexDirection="column" height={listRows}>
          {visible.map((e) => (
            <EntryRow
              key={e.row.paneId}
              entry={e}
              width={width}
              selected={e.row.paneId === selected}
              theme={theme}
            />
          ))}
        </box>
      )}
      {detailRows > 0 ? (
        <box flexDirection="column" height={detailRows + 1}>
          <Line text={"─".repeat(Math.max(0, width - 2))} fg={theme.border} />
          {details.slice(0, detailRows).map((line, index) => (
            <Line
              // biome-ignore lint/suspicious/noArrayIndexKey: the detail lines are a fixed sequence.
              key={index}
              text={line}
              fg={index === detailRows - 1 ? theme.accent : line.startsWith("⚠") ? theme.error : theme.text}
            />
          ))}
        </box>
      ) : null}
    </box>
  );
}

function EntryRow({
  entry,
  width,
  selected,
  theme,
}: {
  entry: InboxEntry;
  width: number;
  selected: boolean;
  theme: Theme;
}) {
  const bg = selected ? theme.selectionBg : undefined;
  return (
    <text wrapMode="none" height={1} bg={bg}>
      <span fg={stateColor(theme, "blocked")} bg={bg}>{`${stateGlyph(theme, "blocked")} `}</span>
      <span
        fg={selected ? theme.selectionFg : entry.risk.level === "never" ? theme.error : theme.text}
        bg={bg}
      >
        {entryLine(entry, width - 2)}
      </span>
    </text>
  );
}

/** Reads the prompts when the set of blocked agents changes, and every REREAD_MS while the
 * Inbox is shown. Draws nothing. */
export function InboxFeed() {
  const ctx = useActions();
  const blocked = useDash((s) =>
    s.allAgents
      // Another host's are read there (hosts-feed.ts), not here.
      .filter((row) => row.state === "blocked" && !row.host)
      .map((row) => `${row.paneId}:${row.since}:${row.detail}`)
      .join("|"),
  );
  const showing = useDash((s) => s.view === "inbox");
  const busy = useRef(false);
  useEffect(() => {
    const read = () => {
      if (busy.current) return;
      busy.current = true;
      void import("./InboxActions.ts")
        .then(({ refreshInbox }) => refreshInbox(ctx))
        .catch(() => undefined)
        .finally(() => {
          busy.current = false;
        });
    };
    if (blocked === "" && ctx.store.getState().allInbox.length === 0) return;
    read();
    if (!showing || blocked === "") return;
    const timer = setInterval(read, REREAD_MS);
    return () => clearInterval(timer);
  }, [ctx, blocked, showing]);
  return null;
}
