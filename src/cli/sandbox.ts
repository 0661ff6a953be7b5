// taw sandbox <profile> -- <agent> [args]: mark the pane with the profile, then become the
// container runtime running the agent (exec: the pane's process stays this pid).

import { loadConfig } from "../config/load.ts";
import { usageError } from "../errors.ts";
import { execProgram } from "../sandbox/exec.ts";
import { markSandboxed } from "../sandbox/mark.ts";
import { runPlace } from "../sandbox/place.ts";
import { findProfile, runArgv } from "../sandbox/profile.ts";
import { defineCommand } from "./command.ts";

export const DEFAULT_RUNTIME = "docker";

export const sandboxCommand = defineCommand({
  path: ["sandbox"],
  summary: "run an agent in a container of a [sandbox.profiles.<name>] profile, in this pane",
  positionals: ["<profile>", "-- <agent> [args]"],
  flags: {
    "dry-run": { type: "boolean", description: "print the runtime's command line instead of running it" },
  },
  async run(ctx) {
    const [name, ...more] = ctx.args.positionals;
    if (!name) throw usageError("missing <profile>. Example: taw sandbox default -- claude");
    const profiles = loadConfig(ctx.env).config.sandbox.profiles;
    const found = findProfile(profiles, name);
    const profile = { ...found, runtime: found.runtime || DEFAULT_RUNTIME };
    const place = await runPlace(process.cwd(), ctx.env, process.stdin.isTTY === true);
    const argv = runArgv(profile, place, [...more, ...ctx.args.rest]);
    if (ctx.args.flags["dry-run"]) return { profile: name, argv };
    // Outside tmux there is no pane to mark; the agent still runs.
    const pane = ctx.env.TMUX_PANE;
    if (pane) await markSandboxed(ctx.tmux, pane, name, process.pid);
    return execProgram(argv);
  },
  render: (result) => result.argv.join(" "),
});
