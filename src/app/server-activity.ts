// Whether anything happened on the tmux server since the last look, for a dashboard: its read
// counters (src/watch/server-reads.ts) moved by more than the dashboard's own frames, which
// the server reads too when the dashboard is drawn in one of its panes or popups. A small
// output beside a frame can pass unseen: the callers look again every few seconds anyway. Output,
// keys, agent reports and the engine's writes all make it read; where the counters cannot be
// read, every look says yes (the caller asks tmux, as before).

import type { Tmux } from "../tmux/client.ts";
import { ownWrittenBytes, ServerReads } from "../watch/server-reads.ts";

/** A pane's output has tmux read its process's /proc entries (~130 bytes) to name its window
 * (automatic-rename): what a frame of the dashboard costs the server beside the frame. */
const FRAME_SLACK_BYTES = 256;

interface Watched {
  reads: ServerReads;
  /** Drawn in a pane or popup of this server: $TMUX is "<socket>,<server pid>,<session>". */
  inPane: boolean;
}

export class ServerActivity {
  private watched: Promise<Watched | undefined> | undefined;

  constructor(private readonly tmux: Tmux) {}

  async moved(): Promise<boolean> {
    this.watched ??= this.tmux
      .run(["display-message", "-p", "#{pid}"])
      .then((text) => {
        const pid = Number(text.trim());
        return { reads: new ServerReads(pid), inPane: Number(process.env.TMUX?.split(",")[1]) === pid };
      })
      .catch(() => undefined);
    const watched = await this.watched;
    if (!watched) return true;
    return watched.inPane ? watched.reads.moved(ownWrittenBytes(), FRAME_SLACK_BYTES) : watched.reads.moved();
  }

  close(): void {
    void this.watched?.then((watched) => watched?.reads.close());
  }
}
