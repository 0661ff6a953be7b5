// Whether anything happened on the tmux server since the last look, for a dashboard: its read
// counters moved (src/watch/server-reads.ts). Output, keys, agent reports and the engine's
// writes all make it read, and so do the dashboard's own frames when it is drawn in one of
// its panes: a look for nothing after each frame, which at rest comes once a second at most.
// (Its own written bytes cannot be told apart: Bun's wake-ups and tmux's stdin count with its
// frames, and taking them off hid small outputs.) The command lines the server read for the
// listings taken through the same tmux client (the reader's, a hosted engine's) are taken off.
// Where the counters cannot be read, every look says yes: the caller asks tmux, as before.

import type { Tmux } from "../tmux/client.ts";
import { ServerReads } from "../watch/server-reads.ts";

export class ServerActivity {
  private reads: Promise<ServerReads | undefined> | undefined;

  constructor(private readonly tmux: Tmux) {}

  async moved(): Promise<boolean> {
    this.reads ??= this.tmux
      .run(["display-message", "-p", "#{pid}"])
      .then((pid) => new ServerReads(Number(pid.trim())))
      .catch(() => undefined);
    return (await this.reads)?.movedBeyond(this.tmux) ?? true;
  }

  close(): void {
    void this.reads?.then((reads) => reads?.close());
  }
}
