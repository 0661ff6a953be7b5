// What one tick writes to tmux, gathered into one batch (writes.ts builds each command): the
// panes' options the watchers decided, a sandbox's end, the rail when its text changed, the
// first tick's ready mark, the pane-exited list once read, and the generation readers follow.

import type { StatusConfig } from "../config/types.ts";
import type { Tmux } from "../tmux/client.ts";
import type { AgentOptionKey } from "../tmux/formats.ts";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";
import { readyWrite } from "./claim.ts";
import { GENERATION_OPTION } from "./probe.ts";
import { countStates, railText } from "./rail.ts";
import type { Client } from "./reads.ts";
import { EXITED_OPTION } from "./roster.ts";
import type { OptionWrites } from "./state.ts";
import type { TickRead } from "./tick-read.ts";
import { paneWrite, railWrite } from "./writes.ts";

export class TickWrites {
  /** Who is attached, and the rail as tmux holds it, as of the last full read (and write). */
  clients: Client[] = [];
  private rail = "";
  /** The followed hosts' agents' states, as of the last full read. */
  private remote: string[] = [];
  /** The write generation readers follow (GENERATION_OPTION). */
  private generation = 0;
  /** The pane-exited hook's list was read (first tick) or panes closed: the next write empties it. */
  clearExited = false;
  private commands: string[][] = [];

  constructor(private readonly tmux: Tmux) {}

  /** A full read says who is attached and what the rail holds. */
  saw(read: TickRead): void {
    if (!read.full) return;
    this.clients = read.clients ?? [];
    this.rail = read.rail ?? "";
    this.remote = read.remote ?? [];
  }

  /** A pane's options, written only if its state and report stamp are still what the read saw;
   * the pane in the snapshot takes them at once. */
  pane(pane: Pane, writes: OptionWrites): void {
    if (Object.keys(writes).length === 0) return;
    this.commands.push(
      paneWrite(pane.id, writes, { state: pane.agent.state, reportStamp: pane.agent.reportStamp }),
    );
    for (const [key, value] of Object.entries(writes)) pane.agent[key as AgentOptionKey] = value;
  }

  add(commands: string[][]): void {
    this.commands.push(...commands);
  }

  /** The rail, the ready mark (`ready`: the claim to mark, first tick only), the exited list,
   * and the generation when anything was written or happened; then all of it in one batch. */
  async flush(snapshot: Snapshot, status: StatusConfig, ready: string | undefined, happened: boolean) {
    const commands = this.commands;
    this.commands = [];
    const states: string[] = [...this.remote];
    for (const pane of snapshot.panes.values()) states.push(pane.agent.state);
    const rail = railText(countStates(states), status);
    if (rail.styled !== this.rail) commands.push(...railWrite(rail.styled, rail.ascii, this.clients));
    this.rail = rail.styled;
    if (ready !== undefined) commands.push(readyWrite(ready));
    if (this.clearExited) commands.push(["set-option", "-gu", EXITED_OPTION]);
    this.clearExited = false;
    // Readers (a dashboard reading this engine) list the panes again only when this moves,
    // and look only when the server read something: an empty job's end is that something.
    if (commands.length || happened)
      commands.push(
        ["set-option", "-gq", GENERATION_OPTION, String(++this.generation)],
        ["run-shell", "-b", ":"],
      );
    if (commands.length) await this.tmux.batch(commands);
  }
}
