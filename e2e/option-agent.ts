// Agents made of options alone: a pane running sh, with the @agent_* options an engine would
// have written, on a server this test process claims, so no engine judges them (the
// dashboard reads them as they are).

import { VERSION } from "../src/version.ts";
import { formatClaim, thisHost } from "../src/watch/claim.ts";
import type { TestServer } from "./harness.ts";

/** Claim the server for this test process: a dashboard reads instead of hosting an engine. */
export const claimForTest = (s: TestServer) =>
  s.run(
    "set-option",
    "-g",
    "@agent_wizard_engine",
    formatClaim(process.pid, thisHost(), Date.now(), VERSION),
  );

export interface OptionAgent {
  name: string;
  state: string;
  kind?: string;
  /** Seconds since its state began. */
  ago?: number;
  seen?: boolean;
}

/** A new window whose pane carries the agent's options; answers its pane id. */
export async function optionAgent(s: TestServer, agent: OptionAgent): Promise<string> {
  const pane = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim();
  const options: [string, string][] = [
    ["@agent_kind", agent.kind ?? "claude"],
    ["@agent_state", agent.state],
    ["@agent_name", agent.name],
    ["@agent_state_since", String(Math.floor(Date.now() / 1000) - (agent.ago ?? 60))],
  ];
  if (agent.seen !== undefined) options.push(["@agent_seen", agent.seen ? "1" : "0"]);
  for (const [option, value] of options) await s.run("set-option", "-p", "-t", pane, option, value);
  return pane;
}
