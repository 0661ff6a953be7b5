// taw session history <name>: a session's saves, newest first, with the ids --from takes.

import { sessionSaves } from "../session/saves.ts";
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";
import { table } from "./table.ts";

export const sessionHistory = defineCommand({
  path: ["session", "history"],
  summary: "a session's saves, its last and the earlier ones kept (restore one with --from <id>)",
  positionals: ["<name>"],
  run: async (ctx) => ({
    saves: sessionSaves(
      ctx.tmux,
      ctx.env,
      requireArg(ctx.args.positionals, 0, "name", "taw session history work"),
    ),
  }),
  render: ({ saves }) =>
    table(
      ["ID", "SAVED", "WINDOWS", "PANES", ""],
      saves.map((s) => [s.id, s.saved_at, String(s.windows), String(s.panes), s.current ? "last" : ""]),
    ),
});
