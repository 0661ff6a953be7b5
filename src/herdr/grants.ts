// Who may do what over the herdr socket. The caller is who the kernel says (SO_PEERCRED), then
// the pane whose process tree holds it. Reads need `read`, typing `write`, typing into an agent
// that waits on a question `respond` too, structural changes `admin`. Defaults (config.toml
// [herdr]): a process in a pane reads (and reports for its own pane, checked by the report
// methods); a local process outside every pane reads and types; nobody gets respond or admin
// unless configured, per pane id or per caller command name in [herdr.grants].
// The grant is checked before any work or lookup for the method.

import { readFileSync } from "node:fs";
import { loadConfig } from "../config/load.ts";
import type { HerdrConfig, HerdrGrant } from "../config/types.ts";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";
import { ancestors, paneOfChain } from "./caller.ts";
import { HerdrError } from "./protocol.ts";

type Env = Record<string, string | undefined>;

/** Methods that need no grant: ping, and the reports (which speak only for the caller's own pane). */
const OPEN = new Set([
  "ping",
  "taw.announce",
  "pane.report_agent",
  "pane.report_agent_session",
  "pane.release_agent",
  "pane.report_metadata",
  "pane.clear_agent_authority",
]);

const READ = new Set([
  "session.snapshot",
  "workspace.list",
  "workspace.get",
  "tab.list",
  "tab.get",
  "pane.list",
  "pane.get",
  "pane.current",
  "pane.read",
  "pane.wait_for_output",
  "agent.list",
  "agent.get",
  "agent.read",
  "agent.wait",
  "agent.inbox",
  "agent.explain",
  "pane.process_info",
  "pane.layout",
  "pane.neighbor",
  "pane.edges",
  "server.agent_manifests",
  "events.subscribe",
  "events.wait",
  "worktree.list",
  "plugin.action.list",
  "plugin.list",
  "plugin.log.list",
]);

const WRITE = new Set([
  "pane.send_text",
  "pane.send_keys",
  "pane.send_input",
  "agent.send_keys",
  "agent.prompt",
  "notification.show",
  "agent.view.set",
  "agent.view.clear",
]);

/** Answering a waiting agent's prompt (the inbox). */
const RESPOND = new Set(["agent.answer"]);

/** The grant `method` needs; anything not named above changes structure and needs `admin`. */
export function requiredGrant(method: string): HerdrGrant | undefined {
  if (OPEN.has(method)) return undefined;
  if (READ.has(method)) return "read";
  if (WRITE.has(method)) return "write";
  if (RESPOND.has(method)) return "respond";
  return "admin";
}

/** Who is calling, as grants are keyed: the caller's pane and the command names of its process chain. */
export interface Grantee {
  /** The public id of the pane whose process tree holds the caller (w1:p3). */
  paneId?: string;
  /** Command names of the caller and its ancestors, nearest first. */
  commands: string[];
}

function commandOf(pid: number, procDir: string): string | undefined {
  try {
    return readFileSync(`${procDir}/${pid}/comm`, "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The grantee of process `pid` on the server `snapshot` shows. */
export function granteeOf(pid: number | undefined, snapshot: Snapshot, procDir = "/proc"): Grantee {
  if (pid === undefined) return { commands: [] };
  const chain = ancestors(pid, procDir);
  const pane: Pane | undefined = paneOfChain(chain, snapshot);
  const commands = chain.flatMap((member) => commandOf(member, procDir) ?? []);
  return { paneId: pane?.publicId, commands };
}

/** What `grantee` may do: its pane's entry, else its nearest command's, else the default. */
export function grantsOf(grantee: Grantee, config: HerdrConfig): Set<HerdrGrant> {
  const named = [grantee.paneId, ...grantee.commands].find((key) => key && config.grants[key]);
  if (named) return new Set(config.grants[named]);
  return new Set(grantee.paneId ? config.pane : config.client);
}

const WHO = (grantee: Grantee) =>
  grantee.paneId ? `a process in pane ${grantee.paneId}` : "a process outside every pane";

/** Throws `forbidden` (herdr's error shape) unless `grants` holds what `method` needs. */
export function checkGrant(method: string, grants: Set<HerdrGrant>, grantee: Grantee): void {
  const need = requiredGrant(method);
  if (!need || grants.has(need)) return;
  const where = grantee.paneId
    ? `[herdr.grants] "${grantee.paneId}" for this pane, or [herdr] pane for every pane`
    : `[herdr] client for every local client, or [herdr.grants] under one program's command name` +
      (grantee.commands.length ? ` (this caller's chain: ${grantee.commands.slice(0, 4).join(" ← ")})` : "");
  throw new HerdrError(
    "forbidden",
    `${method} needs the '${need}' grant, which ${WHO(grantee)} does not have; grant it in config.toml ${where}`,
  );
}

/** Typing into an agent that waits on a question answers it: that needs `respond` too. */
export function checkRespond(pane: Pane, grants: Set<HerdrGrant> | undefined): void {
  if (!grants || grants.has("respond") || pane.agent.state !== "blocked") return;
  throw new HerdrError(
    "forbidden",
    `${pane.publicId} waits on a question; answering it needs the 'respond' grant (config.toml [herdr.grants])`,
  );
}

/** The [herdr] table of config.toml as it is now (read per request, so an edit counts at once). */
export const herdrConfig = (env: Env): HerdrConfig => loadConfig(env).config.herdr;
