// taw doctor: each thing taw needs, `ok`, `warn` (something optional) or `FAIL` with its fix;
// exit 1 when anything failed. The checks live in src/doctor.

import { loadConfig } from "../config/load.ts";
import { type Check, formatCheck, notChecked, ok } from "../doctor/check.ts";
import { checkEngine } from "../doctor/engine.ts";
import { checkConfig, checkManifests, checkNotify } from "../doctor/files.ts";
import { checkPlugin } from "../doctor/plugin.ts";
import { checkServer, checkSocket, checkTmuxVersion } from "../doctor/tmux.ts";
import { TawError } from "../errors.ts";
import { defineCommand } from "./command.ts";

export const doctorCommand = defineCommand({
  path: ["doctor"],
  summary: "check tmux, the server, Bun, the engine, the plugin, config.toml and the manifests",
  async run(ctx) {
    const [tmux, server] = await Promise.all([checkTmuxVersion(), checkServer(ctx.tmux)]);
    const live = server.level === "ok";
    const socket = checkSocket(ctx.tmux.describeSocket(ctx.env), live);
    const [engine, plugin] = live
      ? await Promise.all([checkEngine(ctx.tmux, ctx.env), checkPlugin(ctx.tmux, ctx.env)])
      : [notChecked("engine"), notChecked("plugin")];
    const loaded = loadConfig(ctx.env);
    const notify = checkNotify(loaded.config);
    const checks: Check[] = [
      tmux,
      socket,
      server,
      ok("bun", `Bun ${Bun.version}`),
      engine,
      plugin,
      checkConfig(loaded),
      checkManifests(ctx.env),
      ...(notify ? [notify] : []),
    ];
    return { checks };
  },
  render: (result) => result.checks.map(formatCheck).join("\n"),
  failure(result) {
    const failed = result.checks.filter((check) => check.level === "fail");
    if (failed.length === 0) return undefined;
    const names = failed.map((check) => check.name).join(", ");
    return new TawError("doctor_failed", `${failed.length} check(s) failed: ${names}`);
  },
});
