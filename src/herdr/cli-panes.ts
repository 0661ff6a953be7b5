// herdr's `pane …` commands as socket requests, in herdr's argument forms (the CLI reference).

import {
  defined,
  envMap,
  need,
  numberOf,
  one,
  type Parsed,
  paneOption,
  sourceOf,
  Usage,
} from "./cli-args.ts";
import type { SocketForm } from "./cli-form.ts";

const PANE = ["pane"];

/** `--direction`, required. */
function direction(p: Parsed, usage: string): string {
  const value = one(p, "direction");
  if (!value) throw new Usage(`usage: herdr ${usage}`);
  return value;
}

/** `--toggle|--on|--off` (toggle by default). */
function zoomMode(p: Parsed): string {
  const modes = ["toggle", "on", "off"].filter((mode) => p.switches.has(mode));
  if (modes.length > 1) throw new Usage("provide only one of --toggle, --on, or --off");
  return modes[0] ?? "toggle";
}

/** `pane read` and `agent read`'s flags as herdr's read params. */
export const readParams = (p: Parsed) =>
  defined({
    source: sourceOf(p, "recent"),
    lines: numberOf(p, "lines"),
    format: p.switches.has("ansi") ? "ansi" : one(p, "format"),
  });
export const READ_FLAGS = ["source", "lines", "format"];

/** `pane move`'s destination: `--tab T --split S`, `--new-tab`, or `--new-workspace`. */
function destination(p: Parsed): Record<string, unknown> {
  const tab = one(p, "tab");
  if (tab) {
    const split = one(p, "split");
    if (!split) throw new Usage("pane move --tab needs --split right|down");
    return defined({
      type: "tab",
      tab_id: tab,
      split,
      target_pane_id: one(p, "target-pane"),
      ratio: numberOf(p, "ratio"),
    });
  }
  if (p.switches.has("new-tab"))
    return defined({ type: "new_tab", workspace_id: one(p, "workspace"), label: one(p, "label") });
  if (p.switches.has("new-workspace"))
    return defined({ type: "new_workspace", label: one(p, "label"), tab_label: one(p, "tab-label") });
  throw new Usage(
    "usage: herdr pane move <pane_id> (--tab <tab_id> --split right|down | --new-tab | --new-workspace)",
  );
}

export const PANE_FORMS: Record<string, SocketForm> = {
  "pane list": {
    valued: ["workspace"],
    request: (p) => ["pane.list", defined({ workspace_id: one(p, "workspace") })],
  },
  "pane current": {
    valued: PANE,
    request: (p, env) => ["pane.current", defined({ caller_pane_id: one(p, "pane") ?? env.HERDR_PANE_ID })],
  },
  "pane get": { request: (p) => ["pane.get", { pane_id: need(p, 1, "pane get <pane_id>")[0] }] },
  "pane layout": {
    valued: PANE,
    request: (p, env) => ["pane.layout", defined({ pane_id: paneOption(p, env) })],
  },
  "pane process-info": {
    valued: PANE,
    request: (p, env) => ["pane.process_info", defined({ pane_id: paneOption(p, env) })],
  },
  "pane neighbor": {
    valued: ["pane", "direction"],
    request: (p, env) => [
      "pane.neighbor",
      defined({
        pane_id: paneOption(p, env),
        direction: direction(p, "pane neighbor --direction left|right|up|down"),
      }),
    ],
  },
  "pane edges": {
    valued: PANE,
    request: (p, env) => ["pane.edges", defined({ pane_id: paneOption(p, env) })],
  },
  "pane focus": {
    valued: ["pane", "direction"],
    request: (p, env) => [
      "pane.focus_direction",
      defined({
        pane_id: paneOption(p, env),
        direction: direction(p, "pane focus --direction left|right|up|down"),
      }),
    ],
  },
  "pane resize": {
    valued: ["pane", "direction", "amount"],
    request: (p, env) => [
      "pane.resize",
      defined({
        pane_id: paneOption(p, env),
        direction: direction(p, "pane resize --direction left|right|up|down [--amount FLOAT]"),
        amount: numberOf(p, "amount"),
      }),
    ],
  },
  "pane zoom": {
    valued: PANE,
    request: (p, env) => ["pane.zoom", defined({ pane_id: paneOption(p, env), mode: zoomMode(p) })],
  },
  "pane rename": {
    request: (p) => {
      const [pane_id, ...label] = need(
        p,
        p.switches.has("clear") ? 1 : 2,
        "pane rename <pane_id> <label>|--clear",
      );
      return ["pane.rename", { pane_id, label: p.switches.has("clear") ? null : label.join(" ") }];
    },
  },
  "pane split": {
    valued: ["pane", "direction", "ratio", "cwd", "env", "right-click"],
    request: (p, env) => [
      "pane.split",
      defined({
        target_pane_id: paneOption(p, env),
        direction: direction(p, "pane split [<pane_id>|--pane ID|--current] --direction right|down"),
        ratio: numberOf(p, "ratio"),
        cwd: one(p, "cwd"),
        env: envMap(p),
        focus: p.switches.has("focus"),
      }),
    ],
  },
  "pane swap": {
    valued: ["pane", "direction", "source-pane", "target-pane"],
    request: (p, env) => [
      "pane.swap",
      defined({
        pane_id: one(p, "source-pane") ? undefined : paneOption(p, env, false),
        direction: one(p, "direction"),
        source_pane_id: one(p, "source-pane"),
        target_pane_id: one(p, "target-pane"),
      }),
    ],
  },
  "pane move": {
    valued: ["tab", "split", "target-pane", "ratio", "workspace", "label", "tab-label"],
    request: (p) => [
      "pane.move",
      {
        pane_id: need(p, 1, "pane move <pane_id> (--tab … | --new-tab | --new-workspace)")[0],
        destination: destination(p),
        focus: p.switches.has("focus"),
      },
    ],
  },
  "pane close": { request: (p) => ["pane.close", { pane_id: need(p, 1, "pane close <pane_id>")[0] }] },
  "pane read": {
    valued: [...READ_FLAGS, "pane"],
    print: "read",
    request: (p, env) => {
      const pane_id = paneOption(p, env);
      if (!pane_id) throw new Usage("usage: herdr pane read <pane_id> [--source …] [--lines N]");
      return ["pane.read", { pane_id, ...readParams(p) }];
    },
  },
  "pane send-text": {
    print: "ok",
    request: (p) => {
      const [pane_id, ...text] = need(p, 2, "pane send-text <pane_id> <text>");
      return ["pane.send_text", { pane_id, text: text.join(" ") }];
    },
  },
  "pane send-keys": {
    print: "ok",
    request: (p) => {
      const [pane_id, ...keys] = need(p, 2, "pane send-keys <pane_id> <key> [key ...]");
      return ["pane.send_keys", { pane_id, keys }];
    },
  },
  "pane run": {
    print: "ok",
    request: (p) => {
      const [pane_id, ...command] = need(p, 2, "pane run <pane_id> <command>");
      return ["pane.send_input", { pane_id, text: command.join(" "), keys: ["enter"] }];
    },
  },
  "pane wait-output": {
    valued: ["match", "regex", "source", "lines", "timeout"],
    request: (p) => {
      const usage = "pane wait-output <pane_id> (--match <text> | --regex <pattern>) [--timeout MS]";
      const [pane_id] = need(p, 1, usage);
      const literal = one(p, "match");
      const regex = one(p, "regex");
      if ((literal === undefined) === (regex === undefined)) throw new Usage(`usage: herdr ${usage}`);
      return [
        "pane.wait_for_output",
        defined({
          pane_id,
          match:
            literal !== undefined ? { type: "substring", value: literal } : { type: "regex", value: regex },
          source: sourceOf(p),
          lines: numberOf(p, "lines"),
          timeout_ms: numberOf(p, "timeout"),
          strip_ansi: !p.switches.has("raw"),
        }),
      ];
    },
  },
};
