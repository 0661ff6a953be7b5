// herdr's commands other than `pane …` that map to one socket request, in herdr's argument
// forms (the CLI reference): status, workspaces, tabs, worktrees, agents, the manifests.

import { all, defined, envMap, need, numberOf, one, type Parsed, Usage } from "./cli-args.ts";
import { AGENT_EXPLAIN } from "./cli-explain.ts";
import type { SocketForm } from "./cli-form.ts";
import { PANE_FORMS, READ_FLAGS, readParams } from "./cli-panes.ts";
import { PLUGIN_FORMS } from "./cli-plugins.ts";

const ping: SocketForm = { request: () => ["ping", {}] };
const CREATE = ["cwd", "label", "env", "workspace"];
const WORKTREE = ["workspace", "cwd", "branch", "base", "path", "label"];

/** A command of one id: `<group> <verb> <id>` → `{ [field]: id }`. */
const byId = (method: string, field: string, usage: string): SocketForm => ({
  request: (p) => [method, { [field]: need(p, 1, usage)[0] }],
});

/** `<id> <label…>` → `{ [field]: id, label }`. */
const rename = (method: string, field: string, usage: string): SocketForm => ({
  request: (p) => {
    const [id, ...label] = need(p, 2, usage);
    return [method, { [field]: id, label: label.join(" ") }];
  },
});

/** `--until STATUS` (repeatable) and `--timeout MS`. */
const waitOf = (p: Parsed) => {
  const until = all(p, "until");
  return defined({ until: until.length ? until : undefined, timeout_ms: numberOf(p, "timeout") });
};

const worktreeWhere = (p: Parsed) => ({ workspace_id: one(p, "workspace"), cwd: one(p, "cwd") });

export const SOCKET_FORMS: Record<string, SocketForm> = {
  status: ping,
  "status server": ping,
  "status client": ping,
  "server agent-manifests": { request: () => ["server.agent_manifests", {}] },
  "session snapshot": { request: () => ["session.snapshot", {}] },
  "workspace list": { request: () => ["workspace.list", {}] },
  "workspace create": {
    valued: CREATE,
    request: (p) => [
      "workspace.create",
      defined({ cwd: one(p, "cwd"), label: one(p, "label"), env: envMap(p), focus: p.switches.has("focus") }),
    ],
  },
  "workspace get": byId("workspace.get", "workspace_id", "workspace get <workspace_id>"),
  "workspace focus": byId("workspace.focus", "workspace_id", "workspace focus <workspace_id>"),
  "workspace rename": rename("workspace.rename", "workspace_id", "workspace rename <workspace_id> <label>"),
  "workspace close": byId("workspace.close", "workspace_id", "workspace close <workspace_id>"),
  "tab list": {
    valued: ["workspace"],
    request: (p) => ["tab.list", defined({ workspace_id: one(p, "workspace") })],
  },
  "tab create": {
    valued: CREATE,
    request: (p) => [
      "tab.create",
      defined({
        workspace_id: one(p, "workspace"),
        cwd: one(p, "cwd"),
        label: one(p, "label"),
        env: envMap(p),
        focus: p.switches.has("focus"),
      }),
    ],
  },
  "tab get": byId("tab.get", "tab_id", "tab get <tab_id>"),
  "tab focus": byId("tab.focus", "tab_id", "tab focus <tab_id>"),
  "tab rename": rename("tab.rename", "tab_id", "tab rename <tab_id> <label>"),
  "tab close": byId("tab.close", "tab_id", "tab close <tab_id>"),
  "worktree list": { valued: WORKTREE, request: (p) => ["worktree.list", defined(worktreeWhere(p))] },
  "worktree create": {
    valued: WORKTREE,
    request: (p) => [
      "worktree.create",
      defined({
        ...worktreeWhere(p),
        branch: one(p, "branch"),
        base: one(p, "base"),
        path: one(p, "path"),
        label: one(p, "label"),
        focus: p.switches.has("focus"),
      }),
    ],
  },
  "worktree open": {
    valued: WORKTREE,
    request: (p) => {
      if (!one(p, "path") && !one(p, "branch"))
        throw new Usage(
          "usage: herdr worktree open [--workspace ID | --cwd PATH] (--path PATH | --branch NAME)",
        );
      return [
        "worktree.open",
        defined({
          ...worktreeWhere(p),
          path: one(p, "path"),
          branch: one(p, "branch"),
          label: one(p, "label"),
          focus: p.switches.has("focus"),
        }),
      ];
    },
  },
  "worktree remove": {
    valued: ["workspace"],
    request: (p) => {
      const workspace_id = one(p, "workspace");
      if (!workspace_id) throw new Usage("usage: herdr worktree remove --workspace ID [--force]");
      return ["worktree.remove", { workspace_id, force: p.switches.has("force") }];
    },
  },
  "agent list": { request: () => ["agent.list", {}] },
  "agent get": byId("agent.get", "target", "agent get <target>"),
  "agent read": {
    valued: READ_FLAGS,
    print: "read",
    request: (p) => ["agent.read", { target: need(p, 1, "agent read <target>")[0], ...readParams(p) }],
  },
  "agent send-keys": {
    request: (p) => {
      const [target, ...keys] = need(p, 2, "agent send-keys <target> <key> [key ...]");
      return ["agent.send_keys", { target, keys }];
    },
  },
  "agent prompt": {
    valued: ["until", "timeout"],
    request: (p) => {
      const [target, ...text] = need(
        p,
        2,
        "agent prompt <target> <text> [--wait] [--until STATUS]... [--timeout MS]",
      );
      if (!p.switches.has("wait") && all(p, "until").length) throw new Usage("--until needs --wait");
      return [
        "agent.prompt",
        defined({ target, text: text.join(" "), wait: p.switches.has("wait") ? waitOf(p) : undefined }),
      ];
    },
  },
  "agent rename": {
    request: (p) => {
      const [target, ...name] = need(
        p,
        p.switches.has("clear") ? 1 : 2,
        "agent rename <target> <name>|--clear",
      );
      return ["agent.rename", { target, name: p.switches.has("clear") ? null : name.join(" ") }];
    },
  },
  "agent focus": byId("agent.focus", "target", "agent focus <target>"),
  "agent wait": {
    valued: ["until", "timeout"],
    request: (p) => [
      "agent.wait",
      { target: need(p, 1, "agent wait <target> [--until STATUS]... [--timeout MS]")[0], ...waitOf(p) },
    ],
  },
  "agent start": {
    valued: ["kind", "pane", "timeout"],
    request: (p) => {
      const usage = "agent start <name> --kind KIND --pane ID [--timeout MS] [-- <agent-args...>]";
      const [name] = need(p, 1, usage);
      const kind = one(p, "kind");
      const pane_id = one(p, "pane");
      if (!kind || !pane_id) throw new Usage(`usage: herdr ${usage}`);
      return [
        "agent.start",
        defined({ name, kind, pane_id, args: p.rest, timeout_ms: numberOf(p, "timeout") }),
      ];
    },
  },
  "agent explain": AGENT_EXPLAIN,
  ...PANE_FORMS,
  ...PLUGIN_FORMS,
};
