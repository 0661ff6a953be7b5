// Events that happen beside the engine's reading of tmux, told to it by whoever made them
// (a worktree made, opened or removed by a verb): the engine hands them to the same listeners
// as its own events, herdr's subscribers and the plugins. An announcement is herdr's envelope,
// `{"event":"worktree_created","data":{"type":"worktree_created",…}}`.

export interface Announcement {
  event: string;
  data: Record<string, unknown>;
}

export type AnnouncementListener = (announcement: Announcement) => void;

export class Announcements {
  private readonly listeners = new Set<AnnouncementListener>();

  listen(listener: AnnouncementListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tell every listener; one that throws does not keep the others from hearing it. */
  emit(announcement: Announcement): void {
    for (const listener of this.listeners) {
      try {
        listener(announcement);
      } catch {
        // A listener's fault is its own: the announcer is a verb that already did its work.
      }
    }
  }
}
