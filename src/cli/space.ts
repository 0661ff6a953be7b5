// taw space set|clear: a session's space, a label the switcher and views group sessions by
// (the session option @taw_space). A space exists while a session is in it.

import { usageError } from "../errors.ts";
import { callerPane, type Env, sessionIn } from "../space/layout.ts";
import { setSpace } from "../space/switch.ts";
import type { Tmux } from "../tmux/client.ts";
import { resolve, takeSnapshot } from "../tmux/server.ts";
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";

const sessionFlag = {
  session: { type: "string", short: "s", description: "the session (default: the one taw runs in)" },
} as const;

/** The session named with -s, else the one taw runs in. */
async function sessionOf(tmux: Tmux, text: string | undefined, env: Env): Promise<string> {
  if (text) return text;
  const pane = await callerPane(tmux, env);
  if (!pane)
    throw usageError("taw is not running inside this tmux server: name the session with -s <session>");
  return resolve(tmux, pane, "session");
}

/** The session's public id and name, for the answer. */
async function named(tmux: Tmux, id: string) {
  const session = sessionIn(await takeSnapshot(tmux), id);
  return { workspace_id: session.publicId, name: session.name };
}

export const spaceSet = defineCommand({
  path: ["space", "set"],
  summary: "put a session in a space (the switcher and views group sessions by it)",
  positionals: ["<space>"],
  flags: sessionFlag,
  async run(ctx) {
    const space = requireArg(ctx.args.positionals, 0, "space", "taw space set work -s api");
    const id = await setSpace(
      ctx.tmux,
      await sessionOf(ctx.tmux, ctx.args.flags.session as string | undefined, ctx.env),
      space,
    );
    return { ...(await named(ctx.tmux, id)), space: space.trim() };
  },
  render: (r) => `session ${r.name} (${r.workspace_id}) is in space ${r.space}`,
  toJson: (r) => r,
});

export const spaceClear = defineCommand({
  path: ["space", "clear"],
  summary: "take a session out of its space",
  flags: sessionFlag,
  async run(ctx) {
    const id = await setSpace(
      ctx.tmux,
      await sessionOf(ctx.tmux, ctx.args.flags.session as string | undefined, ctx.env),
      undefined,
    );
    return { ...(await named(ctx.tmux, id)), space: null };
  },
  render: (r) => `session ${r.name} (${r.workspace_id}) is in no space`,
  toJson: (r) => r,
});

export const spaceCommands = [spaceSet, spaceClear];
