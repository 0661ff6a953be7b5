// taw logs [--engine|--dashboard] [--lines N] [--follow]: the ends of taw's logs (src/logs):
// both by default, each line led by its log's name; --follow goes on printing what they gain.

import { usageError } from "../errors.ts";
import { type LogName, lastLines, logFiles } from "../logs/files.ts";
import { type Followed, followLogs } from "../logs/follow.ts";
import { defineCommand } from "./command.ts";

const DEFAULT_LINES = 50;

interface LogsResult {
  logs: { name: LogName; path: string; lines: string[]; logged: boolean }[];
}

export const logsCommand = defineCommand({
  path: ["logs"],
  summary: "print the end of the engine's and the dashboard's logs (--follow: and what they gain)",
  flags: {
    engine: { type: "boolean", description: "the engine's log only" },
    dashboard: { type: "boolean", description: "the dashboard's log only" },
    lines: { type: "string", short: "n", description: `how many lines of each (default ${DEFAULT_LINES})` },
    follow: { type: "boolean", short: "f", description: "keep printing lines as they are written" },
  },
  async run(ctx): Promise<LogsResult> {
    const { engine, dashboard, follow } = ctx.args.flags;
    const linesText = ctx.args.flags.lines as string | undefined;
    const count = linesText === undefined ? DEFAULT_LINES : Number(linesText);
    if (!Number.isInteger(count) || count < 0)
      throw usageError(`--lines needs a whole number of lines, 0 or more, not '${linesText}'`);
    if (follow && ctx.json) throw usageError("--follow prints lines as they come; it takes no --json");
    const names: LogName[] =
      engine && !dashboard ? ["engine"] : dashboard && !engine ? ["dashboard"] : ["engine", "dashboard"];
    const logs = names.map((name) => {
      const files = logFiles(name, ctx.env);
      const { lines, sizes } = lastLines(files, count);
      const logged = files.some((file) => (sizes.get(file) ?? 0) > 0);
      return {
        name,
        path: files.at(-1) as string,
        lines,
        logged,
        size: sizes.get(files.at(-1) as string) ?? 0,
      };
    });
    if (!follow)
      return { logs: logs.map(({ name, path, lines, logged }) => ({ name, path, lines, logged })) };
    const prefix = (name: LogName) => (names.length > 1 ? `${name}: ` : "");
    for (const log of logs)
      for (const line of log.lines) process.stdout.write(`${prefix(log.name)}${line}\n`);
    const followed: Followed[] = logs.map((log) => ({
      prefix: prefix(log.name),
      path: log.path,
      size: log.size,
    }));
    await followLogs(followed, (text) => process.stdout.write(text));
    return { logs: [] };
  },
  render: (result) => {
    const one = result.logs.length === 1;
    return result.logs
      .flatMap((log) =>
        !log.logged
          ? [`${log.name}: nothing logged yet (${log.path})`]
          : log.lines.map((line) => (one ? line : `${log.name}: ${line}`)),
      )
      .join("\n");
  },
});
