// herdr commands that are taw verbs of the same name: herdr's argv turned into the taw verb's.
// The report verbs run with no engine (one tmux invocation each, as hooks need); herdr names
// the pane first (`pane report-agent <pane_id> --source …`), taw with --pane. Flags whose
// effect tmux has no place for are taken and left out, so a hook written for herdr never fails
// on them: --session-start-source, --state-label, --clear-state-labels, --applies-to-source,
// --ttl-ms, --clear-token; notification show's --position and --sound.

import { Usage } from "./cli-args.ts";

type Translate = (args: string[]) => string[];

/** herdr's argv without the named flags (`valued` ones with their value). */
function without(args: string[], valued: string[], switches: string[] = []): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const name = arg.startsWith("--") ? arg.slice(2).split("=")[0] : undefined;
    if (name && valued.includes(name)) {
      if (!arg.includes("=")) i++;
      continue;
    }
    if (name && switches.includes(name)) continue;
    out.push(arg);
  }
  return out;
}

/** The report verbs: a leading pane id becomes --pane. */
const report =
  (valued: string[], switches: string[] = [], extra: Translate = (a) => a): Translate =>
  (args) => {
    const rest = extra(without(args, valued, switches));
    const [first, ...more] = rest;
    return first !== undefined && !first.startsWith("--") ? ["--pane", first, ...more] : rest;
  };

/** report-metadata's clears in taw's words: an empty title or display agent clears it. */
const metadataClears: Translate = (args) =>
  args.flatMap((arg) =>
    arg === "--clear-title"
      ? ["--title", ""]
      : arg === "--clear-display-agent"
        ? ["--display-agent", ""]
        : [arg],
  );

/** `plugin action invoke <action> --plugin P`: taw takes the qualified id `P.action`. */
function actionInvoke(args: string[]): string[] {
  const at = args.findIndex((arg) => arg === "--plugin" || arg.startsWith("--plugin="));
  if (at < 0) return args;
  const plugin = args[at]?.includes("=") ? args[at]?.split("=")[1] : args[at + 1];
  if (!plugin) throw new Usage("missing value for --plugin");
  const rest = without(args, ["plugin"]);
  const index = rest.findIndex((arg) => !arg.startsWith("--"));
  if (index < 0) throw new Usage("usage: herdr plugin action invoke <action_id> [--plugin ID]");
  const action = rest[index] as string;
  rest[index] = action.startsWith(`${plugin}.`) ? action : `${plugin}.${action}`;
  return rest;
}

const same: Translate = (args) => args;

/** herdr command → the taw argv after the command's own words. */
export const TAW_FORMS: Record<string, Translate> = {
  "pane report-agent": report([]),
  "pane report-agent-session": report(["session-start-source"]),
  "pane release-agent": report([]),
  "pane report-metadata": report(
    ["state-label", "applies-to-source", "ttl-ms", "clear-token"],
    ["clear-state-labels"],
    metadataClears,
  ),
  "notification show": (args) => without(args, ["position", "sound"]),
  "plugin install": same,
  "plugin list": same,
  "plugin uninstall": same,
  "plugin enable": same,
  "plugin disable": same,
  "plugin link": same,
  "plugin unlink": same,
  "plugin config-dir": same,
  "plugin action list": same,
  "plugin action invoke": actionInvoke,
  "plugin log list": same,
  "plugin pane open": (args) =>
    without(args, ["width", "height", "workspace", "direction", "cwd", "env"], ["focus", "no-focus"]).map(
      (arg) => (arg === "--target-pane" ? "--pane" : arg),
    ),
  "plugin pane focus": same,
  "plugin pane close": same,
  "integration install": same,
  "integration uninstall": same,
  "integration status": (args) => without(args, [], ["outdated-only"]),
};
