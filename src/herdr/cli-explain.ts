// herdr's `agent explain <target> [--json|--verbose]` and `agent explain --file PATH --agent
// LABEL`: the socket's agent.explain (or, for a saved screen, taw's explanation made here, as
// herdr does it locally), printed as herdr prints it: its text lines, or with --json (or
// --format json) the explain object on one line.

import { readFileSync } from "node:fs";
import { explainScreen, manifestsFor } from "../agent/explain.ts";
import { TawError } from "../errors.ts";
import { userManifestDir } from "../paths.ts";
import { type Env, one, type Parsed, Usage } from "./cli-args.ts";
import type { SocketForm } from "./cli-form.ts";
import { explainText, herdrExplain } from "./explain.ts";

const USAGE = "usage: herdr agent explain <target> [--json|--verbose]";
const FILE_USAGE = "usage: herdr agent explain --file PATH --agent LABEL [--json|--verbose]";

/** The target, once the flags are checked as herdr checks them. */
function targetOf(p: Parsed): string | undefined {
  const unknown = [...p.switches].find((name) => name !== "json" && name !== "verbose");
  if (unknown) throw new Usage(`unknown option: --${unknown}`);
  const format = one(p, "format");
  if (format !== undefined && format !== "json" && format !== "text")
    throw new Usage(`invalid --format: ${format} (expected text or json)`);
  const words = p.words.filter((word) => word !== "-v");
  if (words.length > 1) throw new Usage(USAGE);
  return words[0];
}

/** A saved screen explained by `agent`'s rules, as herdr's `--file` does with no server. */
function explainFile(file: string, agent: string, env: Env) {
  let screen: string;
  try {
    screen = readFileSync(file, "utf8");
  } catch (error) {
    throw new Usage(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  try {
    const path = manifestsFor(env).get(agent)?.file;
    const manifest = path?.startsWith(userManifestDir(env)) ? path : "bundled";
    return herdrExplain(explainScreen({ screen, agent }, env), manifest);
  } catch (error) {
    if (error instanceof TawError) throw new Usage(error.message);
    throw error;
  }
}

export const AGENT_EXPLAIN: SocketForm = {
  valued: ["file", "agent", "format"],
  local(p, env) {
    const target = targetOf(p);
    const file = one(p, "file");
    if (file === undefined) {
      if (one(p, "agent") !== undefined) throw new Usage("--agent is only valid with --file");
      return undefined;
    }
    if (target !== undefined) throw new Usage(FILE_USAGE);
    const agent = one(p, "agent");
    if (!agent) throw new Usage("herdr agent explain --file requires --agent LABEL");
    return { type: "agent_explain", explain: explainFile(file, agent, env) };
  },
  request(p) {
    const target = targetOf(p);
    if (target === undefined) throw new Usage(`${USAGE}\n${FILE_USAGE}`);
    return ["agent.explain", { target }];
  },
  print(result, p) {
    const explain = (result.explain ?? {}) as Record<string, unknown>;
    const json = p.switches.has("json") ? one(p, "format") !== "text" : one(p, "format") === "json";
    if (json) return [JSON.stringify(explain)];
    return explainText(explain, p.switches.has("verbose") || p.words.includes("-v"));
  },
};
