// What the real-agent tests read of their pane (AgentPane's `rec:0.0`): one of its options, an
// option waited for, and its state; a wait that times out says the option's last value and
// shows the screen.

import { waitFor } from "../harness.ts";
import type { AgentPane } from "./pane.ts";

/** How long one step of a real agent's walk may take. */
export const STEP_MS = 30_000;

export const paneOption = async (pane: AgentPane, name: string) =>
  (await pane.tmux("show-options", "-pqv", "-t", "rec:0.0", name)).trim();

export async function expectPaneOption(
  pane: AgentPane,
  name: string,
  want: (value: string) => boolean,
  what: string,
): Promise<string> {
  let last = "";
  try {
    return await waitFor(
      async () => {
        last = await paneOption(pane, name);
        return want(last) ? last : undefined;
      },
      STEP_MS,
      what,
    );
  } catch (error) {
    throw new Error(
      `${(error as Error).message}; ${name} is ${JSON.stringify(last)}\n${await pane.screen()}`,
    );
  }
}

/** The pane's @agent_state becomes one of `states`. */
export const paneStateIs = (pane: AgentPane, ...states: string[]) =>
  expectPaneOption(
    pane,
    "@agent_state",
    (value) => states.includes(value),
    `@agent_state ${states.join(" or ")}`,
  );
