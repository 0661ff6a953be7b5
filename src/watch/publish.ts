// What a tick tells once its writes are in: the events file `taw events` follows, the roster
// (the panes this server had, for the next engine), and the engine's subscribers. A state
// folder that refuses those writes (full, read-only) is said once, and once again when it
// takes them again.

import type { Tmux } from "../tmux/client.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import { ENGINE_ERROR_OPTION } from "./claim.ts";
import type { EngineEvent, EventLog } from "./events.ts";
import type { Logger } from "./log.ts";
import { rosterOf, saveRoster } from "./roster.ts";

export type EngineListener = (snapshot: Snapshot, events: EngineEvent[]) => void;

export class Publisher {
  readonly listeners = new Set<EngineListener>();
  /** Why the state folder refuses writes, as last said (undefined: it takes them). */
  private writeFailure: string | undefined;

  constructor(
    private readonly tmux: Tmux,
    private readonly log: Logger,
    private readonly events: EventLog | undefined,
    private readonly rosterPath: string,
  ) {}

  /** `first`: the engine's first tick, whose roster is saved whatever happened. */
  publish(snapshot: Snapshot, events: EngineEvent[], first: boolean): void {
    // The roster follows the panes and their agents: it changes only with an event (or the first tick).
    const rosterFailure =
      this.rosterPath && (events.length || first)
        ? saveRoster(this.rosterPath, rosterOf(snapshot))
        : undefined;
    if (events.length) {
      this.events?.append(events);
      this.sayWriteFailure(this.events?.failure ?? rosterFailure);
      for (const event of events) {
        this.log.debug(
          `${event.kind} ${event.pane} ${event.agent ?? "-"} ${event.from ?? "-"} -> ${event.to ?? "-"} (${event.rule ?? "-"})`,
        );
      }
    }
    for (const listener of this.listeners) {
      try {
        listener(snapshot, events);
      } catch (error) {
        this.log.error(`a subscriber failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** A write to the state folder failing (full, read-only) or working again: said once each way,
   * in @agent_wizard_engine_error (taw doctor shows it) and the log (when it can be written). */
  private sayWriteFailure(failure: string | undefined): void {
    if (failure === this.writeFailure) return;
    this.writeFailure = failure;
    if (failure) this.log.error(failure);
    else this.log.info("the state folder takes writes again");
    void this.tmux
      .tryRun(
        failure
          ? ["set-option", "-g", ENGINE_ERROR_OPTION, failure]
          : ["set-option", "-gu", ENGINE_ERROR_OPTION],
      )
      .catch(() => undefined);
  }
}
