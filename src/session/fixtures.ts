// A small valid saved session (one window, one sh pane in /tmp) for the format and store tests.

import { FORMAT_VERSION, type SavedSession } from "./format.ts";

export const savedSession = (server: string, name: string): SavedSession => ({
  version: FORMAT_VERSION,
  saved_at: "2026-12-03T07:00:00.000Z",
  server,
  name,
  path: "/tmp",
  windows: [
    {
      index: 0,
      name: "sh",
      auto_name: true,
      layout: "ab02,80x24,0,0,1",
      width: 80,
      height: 24,
      active: true,
      zoomed: false,
      panes: [{ index: 0, cwd: "/tmp", title: "", command: "sh", active: true }],
    },
  ],
});
