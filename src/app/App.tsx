// The dashboard: header, the current view beside the preview, footer, and the overlays.
// Keys go through the command registry; in the typing overlays, what no command takes edits
// the line.

import type { KeyEvent, PasteEvent } from "@opentui/core";
import { useKeyboard, usePaste, useTerminalDimensions } from "@opentui/react";
import { useEffect } from "react";
import type { ActionContext } from "./actions.ts";
import { findCommand, isEditing } from "./commands.ts";
import { AgentList } from "./components/AgentList.tsx";
import { DiffView } from "./components/DiffView.tsx";
import { FolderPicker } from "./components/FolderPicker.tsx";
import { Footer } from "./components/Footer.tsx";
import { Header } from "./components/Header.tsx";
import { Help } from "./components/Help.tsx";
import { InboxFeed, InboxList } from "./components/Inbox.tsx";
import { Palette } from "./components/Palette.tsx";
import { Picker } from "./components/Picker.tsx";
import { Preview } from "./components/Preview.tsx";
import { SessionSwitcher } from "./components/SessionSwitcher.tsx";
import { TreeList } from "./components/TreeList.tsx";
import { WorktreeList } from "./components/WorktreeList.tsx";
import { DashContext, useDash } from "./context.ts";
import { editLine, keyName } from "./keys.ts";
import { layoutFor } from "./layout.ts";
import { type DashStore, setFilter, setPageRows } from "./store.ts";

/** Apply a key to the store: a command, or an edit of the line being typed. */
export function handleKey(
  ctx: ActionContext,
  event: Pick<KeyEvent, "name" | "sequence" | "ctrl" | "meta" | "shift">,
): boolean {
  const state = ctx.store.getState();
  const key = keyName(event);
  const command = findCommand(state, key);
  if (command) {
    void command.run(ctx, key);
    return true;
  }
  if (!isEditing(state)) return false;
  const line = editLine(state.input, key, event.sequence);
  if (line === undefined) return false;
  typeInto(ctx.store, line);
  return true;
}

function typeInto(store: DashStore, line: string): void {
  const { overlay } = store.getState();
  if (
    overlay.kind === "picker" ||
    overlay.kind === "sessions" ||
    overlay.kind === "folders" ||
    overlay.kind === "palette"
  )
    store.setState({ input: line, overlay: { ...overlay, index: 0 } });
  else store.setState({ input: line });
  if (overlay.kind === "filter") setFilter(store, line);
}

function Body({ width, height }: { width: number; height: number }) {
  const view = useDash((s) => s.view);
  const overlay = useDash((s) => s.overlay.kind);
  const layout = layoutFor(width, height);
  return (
    <box flexDirection="row" height={layout.bodyRows} width={width}>
      {view === "agents" ? (
        <AgentList width={layout.listWidth} rows={layout.listRows} />
      ) : view === "inbox" ? (
        <InboxList width={layout.listWidth} rows={layout.listRows} />
      ) : view === "tree" ? (
        <TreeList width={layout.listWidth} rows={layout.listRows} />
      ) : (
        <WorktreeList width={layout.listWidth} rows={layout.listRows} />
      )}
      {layout.previewWidth > 0 ? <Preview width={layout.previewWidth} rows={layout.bodyRows} /> : null}
      {overlay === "help" ? <Help width={width} height={layout.bodyRows} /> : null}
      {overlay === "diff" ? <DiffView width={width} height={layout.bodyRows} /> : null}
      {overlay === "picker" ? <Picker width={width} height={layout.bodyRows} /> : null}
      {overlay === "sessions" ? <SessionSwitcher width={width} height={layout.bodyRows} /> : null}
      {overlay === "folders" ? <FolderPicker width={width} height={layout.bodyRows} /> : null}
      {overlay === "palette" ? <Palette width={width} height={layout.bodyRows} /> : null}
    </box>
  );
}

function Screen() {
  const { width, height } = useTerminalDimensions();
  return (
    <box flexDirection="column" width={width} height={height}>
      <Header width={width} />
      <Body width={width} height={height} />
      <Footer width={width} />
    </box>
  );
}

/** Tells the store what the screen shows, so the feed captures only while the preview is drawn. */
function Geometry({ ctx }: { ctx: ActionContext }) {
  const { width, height } = useTerminalDimensions();
  const layout = layoutFor(width, height);
  useEffect(() => {
    setPageRows(ctx.store, layout.listRows);
    if (ctx.store.getState().previewShown !== layout.previewWidth > 0) {
      ctx.store.setState({ previewShown: layout.previewWidth > 0 });
    }
  }, [ctx, layout.listRows, layout.previewWidth]);
  return null;
}

export function App({ ctx }: { ctx: ActionContext }) {
  useKeyboard((event) => {
    if (handleKey(ctx, event)) event.preventDefault();
  });
  usePaste((event: PasteEvent) => {
    const state = ctx.store.getState();
    if (!isEditing(state)) return;
    const text = new TextDecoder().decode(event.bytes);
    // Only the prompt keeps line breaks; a name or a filter is one line.
    const pasted = state.overlay.kind === "prompt" ? text : text.replace(/[\r\n]+/g, " ");
    typeInto(ctx.store, state.input + pasted);
  });
  return (
    <DashContext.Provider value={ctx}>
      <Geometry ctx={ctx} />
      <InboxFeed />
      <Screen />
    </DashContext.Provider>
  );
}
