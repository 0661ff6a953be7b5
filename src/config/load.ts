// Reading config.toml: a missing file is all defaults; a broken one is all defaults plus
// the problem; a valid one with bad keys or values keeps the good ones. Loading never throws.

import { readFileSync } from "node:fs";
import { parse, TomlError } from "smol-toml";
import { configFile } from "../paths.ts";
import { defaultConfig } from "./defaults.ts";
import { keyLines } from "./locate.ts";
import type { Config, ConfigProblem } from "./types.ts";
import { validateConfig } from "./validate.ts";

export type { Config, ConfigProblem } from "./types.ts";

export interface LoadedConfig {
  config: Config;
  problems: ConfigProblem[];
  /** The file read, whether or not it exists. */
  path: string;
  /** False when there was no file (all defaults). */
  exists: boolean;
}

/** Parse config text; `source` names it in messages. */
export function parseConfig(text: string): { config: Config; problems: ConfigProblem[] } {
  let raw: Record<string, unknown>;
  try {
    raw = parse(text) as Record<string, unknown>;
  } catch (error) {
    const line = error instanceof TomlError ? error.line : undefined;
    const detail = (error as Error).message.split("\n")[0] ?? "";
    return {
      config: defaultConfig(),
      problems: [
        {
          kind: "syntax",
          key: "",
          line,
          message: `not valid TOML: ${detail}`,
          hint: "fix this line; until then every setting is its default",
        },
      ],
    };
  }
  return validateConfig(raw, keyLines(text));
}

export function loadConfig(env: Record<string, string | undefined> = process.env): LoadedConfig {
  const path = configFile(env);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      return { config: defaultConfig(), problems: [], path, exists: false };
    }
    const problem: ConfigProblem = {
      kind: "unreadable",
      key: "",
      message: `cannot read ${path}: ${(error as Error).message}`,
      hint: "check the file's permissions; until then every setting is its default",
    };
    return { config: defaultConfig(), problems: [problem], path, exists: true };
  }
  return { ...parseConfig(text), path, exists: true };
}

/** One problem as a line for people: `config.toml:12: unknown key 'x' (did you mean 'y'?)`. */
export function formatProblem(problem: ConfigProblem, path: string): string {
  const where = problem.line ? `${path}:${problem.line}` : path;
  return `${where}: ${problem.message} (${problem.hint})`;
}
