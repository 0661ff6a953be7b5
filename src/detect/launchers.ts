// What a wrapper runs. An agent is rarely argv[0]: it is `node …/cli.js`, `npx @openai/codex`,
// `env FOO=1 claude`, `sh -c "cd x && gemini"`, `python -m aider`. Each function here takes
// one layer off and returns the argv (or, for a shell command, the argvs) it runs.

/** basename, lower case, without .js/.cjs/.mjs/.exe: `/usr/bin/Codex.js` → `codex`. */
export function normalizeName(word: string): string {
  const base = word.slice(Math.max(word.lastIndexOf("/"), word.lastIndexOf("\\")) + 1);
  return base.toLowerCase().replace(/\.(c|m)?js$|\.exe$/, "");
}

export interface Unwrapped {
  /** What was looked through, for the reason: `node`, `sh -c`, `npx`. */
  via: string;
  /** The argvs it runs, in the order to try them. */
  next: string[][];
}

interface FlagTable {
  /** Flags whose value is the next word (unless given as --flag=value). */
  values: string[];
  /** Flags after which the rest is code, not a program (node -e). */
  stop?: string[];
  /** Words that come before the program, after the flags (timeout's duration). */
  skip?: number;
  /** VAR=value words are skipped (env). */
  assignments?: boolean;
}

const LAUNCHERS: Record<string, FlagTable> = {
  env: { values: ["-u", "--unset", "-C", "--chdir"], assignments: true },
  timeout: { values: ["-s", "--signal", "-k", "--kill-after"], skip: 1 },
  nice: { values: ["-n", "--adjustment"] },
  nohup: { values: [] },
  setsid: { values: [] },
  stdbuf: { values: ["-i", "-o", "-e", "--input", "--output", "--error"] },
  ionice: { values: ["-c", "-n", "--class", "--classdata"] },
  exec: { values: ["-a"] },
  command: { values: [] },
  time: { values: ["-f", "-o", "--format", "--output"] },
  sudo: { values: ["-u", "-g", "-C", "-D", "-h", "-p", "-U", "--user", "--group"] },
};

const INTERPRETERS: Record<string, FlagTable & { subcommands?: string[]; module?: string }> = {
  node: {
    values: [
      "-r",
      "--require",
      "--import",
      "--loader",
      "--experimental-loader",
      "-C",
      "--conditions",
      "--title",
    ],
    stop: ["-e", "--eval", "-p", "--print"],
  },
  bun: {
    values: ["-r", "--preload", "--cwd", "--env-file", "-c", "--config"],
    stop: ["-e", "--eval", "-p", "--print"],
    subcommands: ["run"],
  },
  deno: {
    values: ["-c", "--config", "--import-map", "--location", "--env-file"],
    stop: ["eval"],
    subcommands: ["run"],
  },
  python: { values: ["-X", "-W"], stop: ["-c"], module: "-m" },
  tsx: { values: ["--tsconfig"] },
  "ts-node": { values: ["-P", "--project", "-r", "--require"] },
};

/** Runners that fetch a package and run its bin: the word after the flags is a package. */
const PACKAGE_RUNNERS: Record<string, FlagTable> = {
  npx: { values: ["-p", "--package", "--cache"] },
  bunx: { values: ["-p", "--package"] },
  pnpx: { values: [] },
  uvx: { values: ["--from", "--with", "--python"] },
};
/** Two-word runners: `pnpm dlx`, `bun x`, `npm exec`, … */
const RUNNER_SUBCOMMANDS: Record<string, string[]> = {
  pnpm: ["dlx", "exec"],
  yarn: ["dlx", "exec"],
  npm: ["exec", "x"],
  bun: ["x"],
  deno: ["x"],
  uv: ["run", "tool"],
  pipx: ["run"],
};

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "fish", "ksh", "mksh"]);

const interpreterName = (name: string) => (/^(python|pypy)[\d.]*$/.test(name) ? "python" : name);

export function unwrap(argv: string[]): Unwrapped | undefined {
  const name = interpreterName(normalizeName(argv[0] ?? ""));
  const launcher = LAUNCHERS[name];
  if (launcher) return single(name, afterFlags(argv, 1, launcher));
  const runnerWords = RUNNER_SUBCOMMANDS[name];
  const sub = argv[1];
  if (runnerWords && sub && runnerWords.includes(sub)) {
    // `uv tool run x` has one more word.
    const from = name === "uv" && sub === "tool" && argv[2] === "run" ? 3 : 2;
    return single(
      `${name} ${sub}`,
      packageCommand(afterFlags(argv, from, { values: ["--from", "--with", "-p", "--package", "--spec"] })),
    );
  }
  const runner = PACKAGE_RUNNERS[name];
  if (runner) return single(name, packageCommand(afterFlags(argv, 1, runner)));
  const interpreter = INTERPRETERS[name];
  if (interpreter) return single(name, interpreted(argv, interpreter));
  if (SHELLS.has(name)) return shell(name, argv);
  return undefined;
}

const single = (via: string, next: string[] | undefined): Unwrapped | undefined =>
  next && next.length > 0 ? { via, next: [next] } : undefined;

/** The words after a command's own flags (and its assignments and skipped words). */
function afterFlags(argv: string[], from: number, table: FlagTable): string[] | undefined {
  let index = from;
  let skip = table.skip ?? 0;
  while (index < argv.length) {
    const word = argv[index] as string;
    if (word === "--") return argv.slice(index + 1);
    if (table.stop?.includes(word)) return undefined;
    if (word.startsWith("-") && word.length > 1) {
      index += table.values.includes(word) ? 2 : 1;
      continue;
    }
    if (table.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      index++;
      continue;
    }
    if (skip > 0) {
      skip--;
      index++;
      continue;
    }
    return argv.slice(index);
  }
  return undefined;
}

/** `@openai/codex@0.1 …` → `@openai/codex …`: the version is not part of the name. */
function packageCommand(words: string[] | undefined): string[] | undefined {
  if (!words || words.length === 0) return undefined;
  const [spec, ...rest] = words as [string, ...string[]];
  const at = spec.indexOf("@", spec.startsWith("@") ? 1 : 0);
  return [at > 0 ? spec.slice(0, at) : spec, ...rest];
}

function interpreted(argv: string[], table: (typeof INTERPRETERS)[string]): string[] | undefined {
  let index = 1;
  if (table.subcommands?.includes(argv[1] ?? "")) index = 2;
  while (index < argv.length) {
    const word = argv[index] as string;
    if (table.stop?.includes(word)) return undefined;
    if (table.module && word === table.module) return argv.slice(index + 1);
    if (word === "--") return argv.slice(index + 1);
    if (word.startsWith("-") && word.length > 1) {
      index += table.values.includes(word) ? 2 : 1;
      continue;
    }
    return argv.slice(index);
  }
  return undefined;
}

function shell(name: string, argv: string[]): Unwrapped | undefined {
  for (let index = 1; index < argv.length; index++) {
    const word = argv[index] as string;
    if (word === "--") return single(name, argv.slice(index + 1));
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(word)) {
      const script = argv[index + 1];
      if (script === undefined) return undefined;
      const next = splitShellCommand(script)
        .map(dropAssignments)
        .filter((words) => words.length > 0);
      return next.length > 0 ? { via: `${name} -c`, next } : undefined;
    }
    if (word.startsWith("-") || word.startsWith("+")) continue;
    return single(name, argv.slice(index));
  }
  return undefined;
}

function dropAssignments(words: string[]): string[] {
  let index = 0;
  while (index < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[index] as string)) index++;
  return words.slice(index);
}

/**
 * A shell command line as the simple commands in it, each split into words: quotes and
 * backslashes honoured, split at ; & | && || and newlines. Enough to see `cd x && claude`;
 * expansions are left as they are.
 */
export function splitShellCommand(line: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  const endWord = () => {
    if (inWord) words.push(word);
    word = "";
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === "\\" && quote === '"' && index + 1 < line.length) word += line[++index];
      else word += char;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === "\\" && index + 1 < line.length) {
      word += line[++index];
      inWord = true;
    } else if (";&|\n".includes(char)) endCommand();
    else if (char === " " || char === "\t") endWord();
    else {
      word += char;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}
