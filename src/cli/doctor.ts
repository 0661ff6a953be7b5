// taw doctor: each thing taw needs, ok or the problem with its fix.

import { TawError } from "../errors.ts";
import { checkSupported, detectVersion } from "../tmux/version.ts";
import { defineCommand } from "./command.ts";

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export const doctorCommand = defineCommand({
  path: ["doctor"],
  summary: "check tmux, the server, the socket and Bun",
  async run(ctx) {
    const checks: Check[] = [];
    const failed = (name: string, error: unknown) =>
      checks.push({ name, ok: false, detail: error instanceof TawError ? error.message : String(error) });
    try {
      const version = await detectVersion();
      try {
        checkSupported(version);
        checks.push({ name: "tmux", ok: true, detail: `tmux ${version.text}` });
      } catch (error) {
        failed("tmux", error);
      }
    } catch (error) {
      failed("tmux", error);
    }
    const socket = ctx.tmux.describeSocket(ctx.env);
    try {
      const sessions = (await ctx.tmux.run(["list-sessions", "-F", "#{session_id}"]))
        .split("\n")
        .filter(Boolean);
      checks.push({ name: "server", ok: true, detail: `reachable, ${sessions.length} session(s)` });
    } catch (error) {
      failed("server", error);
    }
    checks.push({ name: "socket", ok: true, detail: socket });
    checks.push({ name: "bun", ok: true, detail: `Bun ${Bun.version}` });
    return { ok: checks.every((check) => check.ok), checks };
  },
  render: (result) =>
    result.checks
      .map((check) => `${check.ok ? "ok  " : "FAIL"}  ${check.name.padEnd(7)} ${check.detail}`)
      .join("\n"),
});
