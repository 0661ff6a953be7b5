// One recording session: the stand-in model, a scratch HOME, the pinned agent installed and
// started in its own tmux server, and one cleanup that ends all of it.

import { dirname } from "node:path";
import { type AgentId, ensureAgent, installedVersion } from "../agents.ts";
import type { ToolReply } from "../standin/script.ts";
import { type StandIn, startStandIn } from "../standin/server.ts";
import type { FixtureState } from "./fixtures.ts";
import { AgentPane } from "./pane.ts";
import { disposeScratch, makeScratch, type Scratch } from "./scratch.ts";

/** What an agent needs to start: its argv (the command as a user types it) and extra env. */
export interface Launch {
  argv: string[];
  env?: Record<string, string>;
}

/** Writes the agent's config into the scratch HOME so it talks to the stand-in. */
export type Prepare = (scratch: Scratch, standIn: StandIn) => Launch | Promise<Launch>;

/** Called with a first-run screen the agent is waiting on: its case name and what it shows. */
export type StartupScreen = (name: string, note: string) => Promise<unknown>;

/** Captures the pane as a fixture (the recorder's, bound to the pane). */
export type Capture = (name: string, state: FixtureState, note: string) => Promise<unknown>;

/** What the recorder and the real-agent test need to drive one agent. */
/** The question a driver's questionCall asks, in the fields most question tools take. */
export const FILE_NAME_QUESTION = {
  question: "Which file name should I use?",
  header: "File name",
  options: [
    { label: "notes.txt", description: "A plain text file" },
    { label: "notes.md", description: "A Markdown file" },
  ],
};

export interface AgentDriver {
  id: AgentId;
  prepare: Prepare;
  /** From the first screen to the idle prompt, answering first-run screens on the way;
   * `seen` is told of each such screen before it is answered (the recorder captures it). */
  toPrompt(pane: AgentPane, seen?: StartupScreen): Promise<void>;
  /** Back at the idle prompt after a turn (a screen or title the agent shows at rest). */
  waitIdle(pane: AgentPane, what: string): Promise<void>;
  /** A call of the agent's shell tool that it asks the user to approve. */
  approvalCall(command: string): ToolReply;
  /** What the screen shows while such a call waits. */
  approvalScreen: RegExp;
  /** Keys that approve it once. */
  approveKeys: string[];
  /** Keys that refuse it (Esc unless said: Kilo asks what to do instead, Enter skips that). */
  refuseKeys?: string[];
  /** Case name of the approval screen ("permission-bash") and what it shows. */
  approvalCase: string;
  approvalNote: string;
  /** A call of the agent's question tool asking "Which file name should I use?"; none when
   * the agent has no question tool (Grok CLI). */
  questionCall?: ToolReply;
  questionNote?: string;
  /** Setup the question tool needs (Codex offers it only in Plan mode), and its undoing. */
  beforeQuestion?(pane: AgentPane, capture: Capture): Promise<void>;
  afterQuestion?(pane: AgentPane): Promise<void>;
  /** A file write the agent asks approval for (not Codex: its sandbox lets writes in the
   * project through): the call for an absolute path, its screen, case name and note. */
  write?: { call(path: string): ToolReply; screen: RegExp; case: string; note: string };
  /** The reply's text shows only once it is complete (Continue CLI): the walk waits for the
   * stand-in to have sent a line instead of seeing it. */
  holdsReplyText?: boolean;
  /** Keys that interrupt a streaming reply. */
  interruptKeys: string[];
  /** The first model call can be slow (OpenCode installs its provider from npm first). */
  firstReplyTimeoutMs: number;
}

export interface Session {
  agent: AgentId;
  version: string;
  standIn: StandIn;
  scratch: Scratch;
  pane: AgentPane;
  close(): Promise<void>;
}

export interface SessionOptions {
  width?: number;
  height?: number;
  /** Leave the scratch HOME on disk (for looking at what the agent wrote). */
  keepHome?: boolean;
}

export async function openSession(
  agent: AgentId,
  prepare: Prepare,
  options: SessionOptions = {},
): Promise<Session> {
  const bin = await ensureAgent(agent);
  const version = installedVersion(agent) ?? "unknown";
  const standIn = startStandIn();
  const scratch = makeScratch(agent);
  let pane: AgentPane | undefined;
  const close = async () => {
    process.off("SIGINT", interrupted);
    await pane?.kill();
    standIn.stop();
    await disposeScratch(scratch, options.keepHome);
  };
  // Ctrl-C during a recording still ends the agent and its tmux server.
  const interrupted = () => {
    void close().then(() => process.exit(130));
  };
  process.on("SIGINT", interrupted);
  try {
    const launch = await prepare(scratch, standIn);
    // The agent's bin folder first on PATH: the pane runs `claude`, as a user would type it.
    const env = { ...scratch.env, ...launch.env, PATH: `${dirname(bin)}:${scratch.env.PATH}` };
    pane = await AgentPane.start({ argv: launch.argv, env, cwd: scratch.project, ...options });
    return { agent, version, standIn, scratch, pane, close };
  } catch (error) {
    await close();
    throw error;
  }
}
