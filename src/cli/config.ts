// taw config path|check: where config.toml is, and what is wrong with it.

import { formatProblem, loadConfig } from "../config/load.ts";
import { TawError } from "../errors.ts";
import { defineCommand } from "./command.ts";

export const configPath = defineCommand({
  path: ["config", "path"],
  summary: "print where config.toml is read from",
  run: async (ctx) => {
    const { path, exists } = loadConfig(ctx.env);
    return { path, exists };
  },
  render: (result) => result.path,
});

export const configCheck = defineCommand({
  path: ["config", "check"],
  summary: "check config.toml: every unknown key and bad value with its line",
  run: async (ctx) => {
    const { path, exists, problems } = loadConfig(ctx.env);
    if (problems.length > 0) {
      const lines = problems.map((problem) => formatProblem(problem, path));
      const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
      throw new TawError(
        "config_invalid",
        `${count} in ${path} (the defaults are used in their place):\n${lines.join("\n")}`,
      );
    }
    return { path, exists, problems };
  },
  render: (result) =>
    result.exists ? `${result.path}: ok` : `${result.path} does not exist: every setting is its default`,
});

export const configCommands = [configPath, configCheck];
